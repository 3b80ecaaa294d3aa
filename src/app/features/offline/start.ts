// What the app runs off its first load's path (main.tsx loads this one module): the outbox,
// downloads (re-check access, finish stopped ones) and read events a reader left unsent, at
// start and whenever the network returns; and the change of reader on this device.
import { keepOutboxFlowing } from './sync';
import { keepDownloadsCurrent } from '../downloads/store';
import { keepReadsFlowing } from '../reader/tracking';

export { readerChanged } from './sync';

export function startOffline(): void {
  keepOutboxFlowing();
  keepDownloadsCurrent();
  keepReadsFlowing();
}

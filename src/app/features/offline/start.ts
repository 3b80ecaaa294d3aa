// What the app runs off its first load's path (main.tsx loads this one module): the outbox,
// downloads (re-check access, finish stopped ones) and read events a reader left unsent, at
// start and whenever the network returns; and the change of reader on this device. Also fetches
// the other screens' texts.
import { keepOutboxFlowing } from './sync';
import { keepDownloadsCurrent } from '../downloads/store';
import { keepReadsFlowing } from '../reader/tracking';
import { loadScreenTexts } from '../../lib/i18n';

export { readerChanged } from './sync';

export function startOffline(): void {
  keepOutboxFlowing();
  keepDownloadsCurrent();
  keepReadsFlowing();
  // Ahead of the next screen, and for what runs behind any page (a download's messages).
  void loadScreenTexts().catch(() => undefined);
}

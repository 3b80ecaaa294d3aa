// What the app runs off its first load's path (main.tsx loads this one module): the outbox,
// downloads (re-check access, finish stopped ones) and read events a reader left unsent, at
// start and whenever the network returns; and the change of reader on this device. Also fetches
// the other screens' texts.
import { keepOutboxFlowing } from './sync';
import { loadScreenTexts } from '../../lib/i18n';
import { nextTask } from '../../lib/next-task';

export { readerChanged } from './sync';

/** One step a task: loading the downloads' and read events' modules in one go held a slow
 *  phone's main thread for 90 ms (Lighthouse's total blocking time). */
export async function startOffline(): Promise<void> {
  keepOutboxFlowing();
  await nextTask();
  (await import('../downloads/store')).keepDownloadsCurrent();
  await nextTask();
  (await import('../reader/tracking')).keepReadsFlowing();
  // Ahead of the next screen, and for what runs behind any page (a download's messages).
  void loadScreenTexts().catch(() => undefined);
}

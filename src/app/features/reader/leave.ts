// The reader's back arrow goes back to where the reader was opened from instead of loading a
// second copy of the title page: the app's tab that opened this one (this tab closes), or the
// previous page of this tab (a blocked pop-up opened the reader here). A reader reached from
// elsewhere (a bookmark, a shared link) follows the arrow's link to the title page.
const CLOSE_WAIT_MS = 300;

/** `before`: what must be done first (the last progress queued). */
export function leaveReader(e: { preventDefault: () => void }, titlePath: string, before: () => Promise<void>): void {
  const from = document.referrer ? new URL(document.referrer) : null;
  if (from?.origin !== location.origin) return void before();
  e.preventDefault();
  void before()
    .catch(() => undefined)
    .then(() => {
      if (history.length > 1) return history.back();
      // Only a tab a script opened may close itself; any other stays open and shows the title.
      window.close();
      setTimeout(() => location.assign(titlePath), CLOSE_WAIT_MS);
    });
}

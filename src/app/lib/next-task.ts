/** Resolves in a task of its own: work after it does not lengthen the current task (a slow
 *  phone's main thread is never held long; Lighthouse's total blocking time). */
export const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Runs `work` in a task after the next frame (a frame's callbacks run just before it is drawn), so
 *  what the frame shows does not wait for it; returns a cancel. A hidden tab draws no frame: the
 *  work waits until it shows again. */
export function afterFrame(work: () => void): () => void {
  let task = 0;
  const frame = requestAnimationFrame(() => {
    task = window.setTimeout(work);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(task);
  };
}

/** Resolves in a task of its own: work after it does not lengthen the current task (a slow
 *  phone's main thread is never held long; Lighthouse's total blocking time). */
export const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

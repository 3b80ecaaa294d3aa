// A gate for work that must not pile up (password hashing, searches, drawing uploaded IDs): at
// most `max` at once, `queue` waiting in turn, and beyond that BUSY at once, so the caller can
// refuse quickly instead of holding the request while the server falls behind.
export const BUSY = Symbol('busy');

export function gate(max: number, queue: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(fn: () => Promise<T>): Promise<T | typeof BUSY> {
    if (active < max) active++;
    else if (waiting.length < queue)
      await new Promise<void>((r) => waiting.push(r)); // the slot is handed over
    else return BUSY;
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

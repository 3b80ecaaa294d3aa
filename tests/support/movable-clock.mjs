// Loaded into a server process (startServer's `movableClock`) so a test can move its clock on: each
// SIGUSR2 puts the process's Date a minute further on. What depends on the time then runs as it
// would a minute later (a reader token lapsing), without the test waiting out the minute and
// without anything in the server itself for tests. PGlite reads the time through Date too. Plain
// JavaScript: Node 20 loads a second --import before tsx's hooks are in place.
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  const RealDate = Date;
  let offset = 0;
  const now = () => RealDate.now() + offset;
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length ? args : [now()], newTarget),
    apply: () => new RealDate(now()).toString(),
    get: (target, prop, receiver) => (prop === 'now' ? now : Reflect.get(target, prop, receiver)),
  });
  process.on('SIGUSR2', () => {
    offset += 60_000;
  });
}

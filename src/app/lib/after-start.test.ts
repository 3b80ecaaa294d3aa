// Work deferred past the start waits for the take-over, then for an idle moment or the first input.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

// (node: the window's events on an EventTarget of the test's own)
let target: EventTarget;
beforeEach(() => {
  vi.resetModules();
  performance.clearMarks();
  target = new EventTarget();
  vi.stubGlobal('addEventListener', target.addEventListener.bind(target));
  vi.stubGlobal('removeEventListener', target.removeEventListener.bind(target));
});
afterEach(() => vi.unstubAllGlobals());

const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setTimeout(r, 20));
  return done;
};

it('runs nothing before the first screen is taken over, then in an idle moment', async () => {
  const idle: (() => void)[] = [];
  vi.stubGlobal('requestIdleCallback', (fn: () => void) => idle.push(fn));
  const { afterStart, firstScreenTakenOver, TAKEN_OVER } = await import('./after-start');
  const waiting = afterStart();
  expect(await settled(waiting)).toBe(false);
  firstScreenTakenOver();
  expect(performance.getEntriesByName(TAKEN_OVER)).toHaveLength(1);
  expect(await settled(waiting)).toBe(false); // taken over, but the main thread not yet idle
  expect(idle).toHaveLength(1);
  idle[0]();
  expect(await settled(waiting)).toBe(true);
  firstScreenTakenOver(); // said again: one mark
  expect(performance.getEntriesByName(TAKEN_OVER)).toHaveLength(1);
});

it("the reader's first touch after the take-over does not wait for idle", async () => {
  vi.stubGlobal('requestIdleCallback', () => undefined);
  const { afterStart, firstScreenTakenOver } = await import('./after-start');
  firstScreenTakenOver();
  const waiting = afterStart();
  expect(await settled(waiting)).toBe(false);
  target.dispatchEvent(new Event('pointerdown'));
  expect(await settled(waiting)).toBe(true);
});

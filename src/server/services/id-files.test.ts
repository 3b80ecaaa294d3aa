import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createCanvas } from '@napi-rs/canvas';
import { renderIdImageIsolated } from './id-files';

const childrenOfThisProcess = () =>
  fs
    .readdirSync('/proc/self/task')
    .flatMap((tid) => fs.readFileSync(`/proc/self/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean));
const hasExited = (pid: string) => {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z');
  } catch {
    return false;
  }
};
/** A small valid ID photo. */
function photo(): Buffer {
  const canvas = createCanvas(400, 250);
  canvas.getContext('2d').fillRect(20, 20, 120, 150);
  return canvas.toBuffer('image/png');
}
const busyFor = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until);
};

describe('drawing an upload in a child process', () => {
  // A busy server's event loop learns of the child's exit and its last message together, and
  // the exit may come first: the drawing must still count.
  it.runIf(process.platform === 'linux')(
    'a drawing that finishes while the server is busy is kept, not counted unreadable',
    async () => {
      const png = photo();
      for (let i = 0; i < 8; i++) {
        const before = new Set(childrenOfThisProcess());
        const drawn = renderIdImageIsolated(png, 'image/png');
        const until = Date.now() + 20_000;
        while (!childrenOfThisProcess().some((pid) => !before.has(pid) && hasExited(pid)) && Date.now() < until);
        busyFor(100);
        const image = await drawn;
        expect(image.subarray(8, 12).toString('latin1')).toBe('WEBP');
      }
    },
    60_000,
  );

  it.runIf(process.platform === 'linux')(
    'a child the machine stops (killed here) is replaced once, and the good upload is kept',
    async () => {
      const before = new Set(childrenOfThisProcess());
      const drawn = renderIdImageIsolated(photo(), 'image/png');
      const [first] = childrenOfThisProcess().filter((pid) => !before.has(pid));
      process.kill(Number(first), 'SIGKILL');
      const image = await drawn;
      expect(image.subarray(8, 12).toString('latin1')).toBe('WEBP');
    },
    60_000,
  );
});

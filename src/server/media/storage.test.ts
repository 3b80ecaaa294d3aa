import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalStorage } from './local';
import { MEDIA_SLICE, SERVABLE_NAME, mediaName, parseRange, rangeSpec } from './storage';

describe('byte ranges', () => {
  it('reads one range in each form, within the file', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-5', 100)).toEqual({ start: 95, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=50-5000', 100)).toEqual({ start: 50, end: 99 });
  });

  it('sends the whole file for no range, several ranges or a malformed one; refuses one past the end', () => {
    for (const h of [undefined, '', 'bytes=-', 'bytes=0-1,5-6', 'items=0-1', 'bytes=9-2', 'bytes=a-b'])
      expect(parseRange(h, 100)).toBeNull();
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=99999999999999999999999-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(rangeSpec('bytes=-7')).toEqual({ suffix: 7 });
  });
});

describe('names', () => {
  it('are content-addressed, and only plain image names can be asked for', () => {
    expect(mediaName(Buffer.from('a'), 'webp')).toBe(mediaName(Buffer.from('a'), 'webp'));
    expect(mediaName(Buffer.from('a'), 'webp')).not.toBe(mediaName(Buffer.from('b'), 'webp'));
    expect(mediaName(Buffer.from('a'), 'png')).toMatch(/^[0-9a-f]{32}\.png$/);
    for (const ok of ['0123456789abcdef0123456789abcdef.webp', 'p12-1s.webp', 'logo.png', 'c.jpg'])
      expect(SERVABLE_NAME.test(ok)).toBe(true);
    for (const bad of ['.incoming', '../x.webp', 'pages/x.webp', 'x.webp\u0000', 'x.svg', 'x.html', '.hidden.webp', 'x.webp.tmp'])
      expect(SERVABLE_NAME.test(bad)).toBe(false);
  });
});

describe('a large area on the local directory', () => {
  it('is listed and cleared a slice at a time, the event loop handed back in between', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-media-list-'));
    try {
      const storage = new LocalStorage(dir);
      const names = Array.from({ length: 3 * MEDIA_SLICE }, (_, k) => mediaName(Buffer.from(String(k)), 'webp'));
      for (const name of names) await storage.write('pages', name, Buffer.from(''));
      // Callbacks that wait for the event loop: each one that ran while the work went on is a handing back.
      const turnsDuring = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
        let turns = 0;
        let working = true;
        const count = () => {
          if (!working) return;
          turns++;
          setImmediate(count);
        };
        setImmediate(count);
        const result = await work();
        working = false;
        return [result, turns];
      };
      const [listed, listTurns] = await turnsDuring(() => storage.list('pages'));
      expect(listed.map((e) => e.name).sort()).toEqual([...names].sort());
      expect(listed.every((e) => e.modified > 0)).toBe(true);
      expect(listTurns).toBeGreaterThanOrEqual(2);
      const [, removeTurns] = await turnsDuring(() => storage.remove('pages', names));
      expect(removeTurns).toBeGreaterThanOrEqual(2);
      expect(await storage.list('pages')).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/index';
import { visibilityFor } from './access';

/** A database whose one institution has the given flags, counting the reads it answers. */
function institutionDb(flags: { newspapers: boolean; journals: boolean }) {
  const db = {
    reads: 0,
    async query<T>() {
      db.reads++;
      return { rows: [flags] as T[] };
    },
    async exec() {},
  } satisfies Queryable & { reads: number };
  return db;
}

describe('visibilityFor', () => {
  it('keeps an institution’s flags per database: the same id in another database is read there', async () => {
    const first = institutionDb({ newspapers: true, journals: false });
    const second = institutionDb({ newspapers: false, journals: true });
    expect(await visibilityFor(first, 7)).toEqual({ newspapers: true, journals: false });
    expect(await visibilityFor(second, 7)).toEqual({ newspapers: false, journals: true });
    // Within one database the answer is kept.
    expect(await visibilityFor(first, 7)).toEqual({ newspapers: true, journals: false });
    expect([first.reads, second.reads]).toEqual([1, 1]);
  });
});

// How pages pair up: one page at a time on phones; on wide landscape screens the cover alone,
// then facing pages (2-3, 4-5, ...), the last page alone when the count is even.
export type Spread = number[];

export function spreadsOf(pageCount: number, facing: boolean): Spread[] {
  const out: Spread[] = [];
  if (pageCount < 1) return out;
  if (!facing) {
    for (let n = 1; n <= pageCount; n++) out.push([n]);
    return out;
  }
  out.push([1]);
  for (let n = 2; n <= pageCount; n += 2) out.push(n + 1 <= pageCount ? [n, n + 1] : [n]);
  return out;
}

/** The index of the spread that shows page n (clamped to the issue). */
export function spreadIndexOf(spreads: Spread[], page: number): number {
  const i = spreads.findIndex((s) => s.includes(page));
  if (i >= 0) return i;
  return page < 1 ? 0 : spreads.length - 1;
}

/** #page/{n} of the reader URL, or null. */
export function pageFromHash(hash: string): number | null {
  const m = /^#page\/(\d{1,5})$/.exec(hash);
  return m ? Number(m[1]) : null;
}

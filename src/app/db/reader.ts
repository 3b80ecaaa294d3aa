// Who the data on this device should belong to, told by the app at start (main.tsx) and asked
// before the database's first use in a page. Kept apart from db/index.ts so the first load stays
// small; the service worker never sets it (it only delivers what the app stored).
export interface Reader {
  user: string;
  token: string;
  xsrf: string | null;
}

let source: (() => Reader | null) | null = null;

export function readerIs(current: () => Reader | null): void {
  source = current;
}

/** The reader now, the first time it is asked in this page (undefined after, or in the worker). */
export function takeReaderCheck(): (() => Reader | null) | undefined {
  const current = source ?? undefined;
  source = null;
  return current;
}

// One interface for media files, with two homes: a local directory (the default) and
// S3-compatible object storage (S3_BUCKET set). Two areas: 'public' (covers, logos, story
// images, served at /media/<name> and cacheable by anyone) and 'pages' (issue page images,
// served only through the reader's token route). Names are content-addressed, so a name never
// changes meaning; writing the same bytes twice is a no-op.
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';

export type Area = 'public' | 'pages';

/** A stored file: its name in its area, and when it was written (ms since epoch). */
export interface Entry {
  name: string;
  modified: number;
}

/** What the client asked for: a byte range, or "only if it changed since this ETag". */
export interface OpenRequest {
  range?: string;
  ifNoneMatch?: string;
}

/** An answer ready to stream: 200 (whole), 206 (a range), 304 (unchanged), 416 (bad range). */
export interface Opened {
  status: 200 | 206 | 304 | 416;
  etag?: string;
  lastModified?: Date;
  size: number;
  /** Bytes in body (the range's length for 206). */
  length?: number;
  /** For 206: "bytes a-b/size"; for 416: "bytes * /size". */
  contentRange?: string;
  body?: Readable;
}

/** Files of one ingest, written before its transaction commits and moved in as its last step. */
export interface Staging {
  save(area: Area, bytes: Uint8Array, ext: string): Promise<string>;
  /** Moves every staged file into its area; names already there are left as they are. */
  commit(): Promise<void>;
  /** Removes what commit moved in (the transaction failed after it) */
  rollback(): Promise<void>;
  /** Removes the staging place itself; always called last. */
  discard(): Promise<void>;
}

export interface MediaStorage {
  readonly kind: 'local' | 's3';
  save(area: Area, bytes: Uint8Array, ext: string): Promise<string>;
  /** Stores bytes under a given name (a name saveMedia made, or a fixture's). */
  write(area: Area, name: string, bytes: Uint8Array): Promise<void>;
  read(area: Area, name: string): Promise<Buffer | null>;
  /** A file to stream, or null when there is none by that name. */
  open(area: Area, name: string, req?: OpenRequest): Promise<Opened | null>;
  stage(): Promise<Staging>;
  /** Every file of an area (hundreds of thousands in a large catalogue): never in one go on the
   * event loop, which the requests being served share. */
  list(area: Area): Promise<Entry[]>;
  remove(area: Area, names: string[]): Promise<void>;
  /** Staging runs (ingests that never finished or are running), each with its newest write. */
  listStaged(): Promise<Entry[]>;
  removeStaged(run: string): Promise<void>;
  /** For a health endpoint: can media be written and read? */
  check(): Promise<{ ok: true } | { ok: false; error: string }>;
}

/** Work over a catalogue's media (the sweep's listings, sets and removals) goes a slice at a time,
 * handing the event loop back in between: 200,000 page files took 1.2 s of it in one go. */
export const MEDIA_SLICE = 500;

/** Calls `each` on every item, handing the event loop back after every MEDIA_SLICE of them. */
export async function inSlices<T>(items: Iterable<T> | AsyncIterable<T>, each: (item: T) => void): Promise<void> {
  let done = 0;
  for await (const item of items) {
    each(item);
    if (++done % MEDIA_SLICE === 0) await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** Where ingest stages an issue's files until its transaction commits (media/sweep.ts clears leftovers). */
export const STAGING_DIR = '.incoming';

export function mediaName(bytes: Uint8Array, ext: string): string {
  return `${crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${ext}`;
}

export const newRunId = () => crypto.randomBytes(8).toString('hex');

/** A name that may be asked for over HTTP: no folder, no dot first, an image extension. */
export const SERVABLE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}\.(webp|png|jpe?g)$/;

export const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};
export const contentType = (name: string) => CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

/** The one range of a Range header as written: first-last, first- (to the end) or -n (the last
 * n bytes); null when the header is not one well-formed byte range (then the whole file is sent,
 * as HTTP says, also for several ranges). */
export function rangeSpec(header: string | undefined): { first?: number; last?: number; suffix?: number } | null {
  const m = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') return { suffix: Number(m[2]) };
  const first = Number(m[1]);
  const last = m[2] === '' ? undefined : Number(m[2]);
  return last !== undefined && last < first ? null : { first, last };
}

/** That range within a file of `size` bytes, or 'unsatisfiable' when it starts past the end. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const spec = rangeSpec(header);
  if (!spec) return null;
  if (spec.suffix !== undefined)
    return spec.suffix === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - spec.suffix), end: size - 1 };
  const start = spec.first!;
  if (!Number.isSafeInteger(start) || start >= size) return 'unsatisfiable';
  return { start, end: Math.min(spec.last ?? size - 1, size - 1) };
}

// The field types every request schema is built from, so that no input can reach the database in
// a form it refuses (a 500): text without NUL or other control characters (PostgreSQL rejects
// \u0000 in text), whole numbers written as digits that fit an integer column, '0'/'1' flags, calendar dates that
// exist. A request schema uses these instead of bare z.string() / z.number() (the hostile-input
// test sends every route NUL bytes, numbers beyond int4 and impossible dates).
import { z } from 'zod';

/** The largest value of a PostgreSQL integer column (ids, pages, counts). */
export const INT4_MAX = 2_147_483_647;

// eslint-disable-next-line no-control-regex -- these patterns exist to refuse control characters
export const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;
// eslint-disable-next-line no-control-regex -- as above, but tabs and line breaks may stay
const NO_CONTROL_BUT_LINES = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
const CONTROL_MESSAGE = 'must not contain control characters';

type StringParams = Parameters<typeof z.string>[0];

/** One line of text (a name, search words, a code): trimmed, no control characters. */
export const line = (params?: StringParams) => z.string(params).trim().regex(NO_CONTROL, CONTROL_MESSAGE);

/** Free text that may run over lines (a message): tabs and line breaks, no other control characters. */
export const text = (params?: StringParams) => z.string(params).trim().regex(NO_CONTROL_BUT_LINES, CONTROL_MESSAGE);

/** A string kept exactly as sent (passwords, opaque tokens), still without control characters. */
export const raw = (params?: StringParams) => z.string(params).regex(NO_CONTROL, CONTROL_MESSAGE);

/** How an integer is written in a query string, a path or a form field: an optional minus and digits. */
const INTEGER = /^-?\d+$/;
/** A whole number within bounds (and within int4): a JSON number, or a string of digits as a query
 * string, path or form sends it. Strict, unlike Number(): "1e1", " 1", "0x1F", "1.0", "+1", "" and
 * "NaN" are refused, each with the same message (`message`, or "expected a whole number"). */
export const int = (min = 0, max = INT4_MAX, message?: string) =>
  z
    .union([z.number(), z.string().regex(INTEGER).transform(Number)], { error: message ?? 'expected a whole number' })
    .pipe(z.number().int(message).min(min, message).max(Math.min(max, INT4_MAX), message));

export const flag = z.enum(['0', '1']).transform((v) => v === '1');

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** 2020-02-31 and 2020-13-45 look like dates but are not; year 0 does not exist either. */
const exists = (s: string) => {
  if (!DATE.test(s)) return true; // the regex says what is wrong
  const d = new Date(`${s}T00:00:00Z`);
  return s.slice(0, 4) !== '0000' && !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
/** A calendar date that exists, as YYYY-MM-DD. */
export const isoDate = z.string().regex(DATE, 'expected a date as YYYY-MM-DD').refine(exists, 'expected a date that exists');

/** Milliseconds since the epoch for something that happened on a device: 2000 to 2100 (PostgreSQL
 * timestamps end in the year 294276; a larger number would fail in the database). */
export const epochMs = z
  .number()
  .int()
  .min(Date.UTC(2000, 0, 1))
  .max(Date.UTC(2100, 0, 1));

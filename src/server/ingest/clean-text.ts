// PDF text extraction can return control characters (NUL from fonts with odd encodings, form
// feeds, escape codes). PostgreSQL refuses NUL in text and the others are noise to search:
// each becomes a space, runs of spaces one space. Tabs and newlines stay.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]+/g;

export function stripControlChars(text: string): string {
  return text.replace(CONTROL, ' ').replace(/ {2,}/g, ' ');
}

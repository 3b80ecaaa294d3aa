// A page's extracted text as the reader's Text view shows it. Stored text has one line per printed
// line and no paragraph marks, so the structure is read from the lines: the running header (a
// short first line ending in the page number, as search's snippets leave it out), the headline
// (a short line with no sentence end before the body), and paragraphs (a printed paragraph's last
// line is short: a line well short of the page's longest ends its paragraph, and a line a little
// short of it does when it ends a sentence).

export interface PageStructure {
  header: string | null;
  headline: string | null;
  paragraphs: string[];
}

/** A line this much shorter than the longest is not a wrapped line: its paragraph ends there. */
const FULL_LINE = 0.75;
const FULL_SENTENCE_LINE = 0.9;
const STOP = /[.!?।॥"”’]$/u;
const SENTENCE_END = /[.!?।॥:;,…"”’)]$/u;

export function pageStructure(text: string, pageNo: number): PageStructure {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  let header: string | null = null;
  const folio = new RegExp(`^(.{0,120}\\D)?${pageNo}$`, 'u');
  if (lines.length > 1 && folio.test(lines[0])) header = lines.shift()!;
  else if (lines.length > 1 && lines[lines.length - 1] === String(pageNo)) header = lines.pop()!;
  const longest = Math.max(0, ...lines.map((l) => [...l].length));
  const full = (l: string) => [...l].length >= longest * FULL_LINE;
  let headline: string | null = null;
  if (lines.length > 1 && !full(lines[0]) && [...lines[0]].length <= 100 && !SENTENCE_END.test(lines[0])) headline = lines.shift()!;
  const paragraphs: string[] = [];
  let current: string[] = [];
  for (const line of lines) {
    current.push(line);
    if (!full(line) || (STOP.test(line) && [...line].length < longest * FULL_SENTENCE_LINE)) {
      paragraphs.push(current.join(' '));
      current = [];
    }
  }
  if (current.length) paragraphs.push(current.join(' '));
  return { header, headline, paragraphs };
}

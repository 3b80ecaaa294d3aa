// The reader header's second line: the issue's name and its date, the date once. Most issues are
// named by their date ("May 2026", "May 12, 2026"); those show their name alone.
import { formatDate } from '../../../shared/labels';

const DEVANAGARI_DIGITS = '०१२३४५६७८९';
const asciiDigits = (s: string) => s.replace(/[०-९]/g, (d) => String(DEVANAGARI_DIGITS.indexOf(d)));

/** The name says the issue's year and month (in English or Hindi, long or short). */
function namesItsDate(issueName: string, pubDate: string): boolean {
  const d = new Date(`${pubDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return false;
  const name = asciiDigits(issueName).toLowerCase();
  if (!name.includes(String(d.getUTCFullYear()))) return false;
  const months = ['en-GB', 'hi-IN'].flatMap((locale) =>
    (['long', 'short'] as const).map((month) => d.toLocaleDateString(locale, { month, timeZone: 'UTC' }).toLowerCase().replace(/\.$/, '')),
  );
  return months.some((m) => name.includes(m));
}

export function issueLine(issueName: string, pubDate: string, lang: 'en' | 'hi'): string {
  return namesItsDate(issueName, pubDate) ? issueName : `${issueName} · ${formatDate(pubDate, lang)}`;
}

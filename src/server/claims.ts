// The marketing claims of spec §1 (10,000+ titles, 40+ categories, 60+ languages), as numbers the
// operator configures (CLAIM_TITLES, CLAIM_CATEGORIES, CLAIM_LANGUAGES), worded here in each
// language from the pages' locale tables (locales/pages): /content/home, /api/app/stores and home's first screen answer
// the finished lines, so the app draws them with no code of its own (home's first load is at its
// budget).
import en from '../../locales/pages/en.json' with { type: 'json' };
import hi from '../../locales/pages/hi.json' with { type: 'json' };
import type { ClaimLines } from '../shared/schemas/content';

export interface Claims {
  titles: number;
  categories: number;
  languages: number;
}

const KEYS = ['titles', 'categories', 'languages'] as const;
/** Indian digit grouping in both languages (1,00,000), as readers in India write numbers. */
const format = new Intl.NumberFormat('en-IN');

/** "10,000+ titles · 40+ categories · 60+ languages" in English and Hindi; 0 leaves a claim out. */
export function claimLines(claims: Claims): ClaimLines {
  const line = (texts: typeof en) =>
    KEYS.filter((k) => claims[k] > 0)
      .map((k) => texts.claims[k].replace('{{n}}', `${format.format(claims[k])}+`))
      .join(' · ');
  return { en: line(en), hi: line(hi) };
}

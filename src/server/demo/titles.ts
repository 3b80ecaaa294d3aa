// Plans the demo titles and their issues: pure data from a seed, no I/O.
import { rng, slugify } from './random';
import {
  CATEGORIES,
  FREQUENCIES,
  HINDI_NAMES,
  JOURNAL_NAMES,
  NAME_CORE,
  NAME_PREFIX,
  NAME_SUFFIX,
  NEWSPAPER_NAMES,
  PUBLISHERS,
} from './catalogue-data';
import { JOURNAL_SECTION, NEWSPAPER_CATEGORY } from '../../shared/constants';
import { issnCheckChar } from '../../shared/identifiers';

/** Issue dates are counted back from this day, so the library is the same on every start. */
export const REFERENCE_DATE = '2026-11-15';

export interface TitlePlan {
  name: string;
  slug: string;
  publisher: string;
  catId: number;
  lang: string;
  frequency: string;
  type: 'magazine' | 'newspaper' | 'journal';
  isGold: boolean;
  isFree: boolean;
  isFeatured: boolean;
  isInternational: boolean;
  blockedCountries: string[];
  ageRating: number;
  description: string;
  hue: number;
  printIssn: string;
  onlineIssn: string | null;
  issues: { name: string; pubDate: string; isSpecial: boolean; pages: number; doi?: string; volume?: number; number?: number }[];
}

/** A made-up ISSN with a valid check character: three digits by kind, four from the title's place. */
const demoIssn = (prefix: string, i: number) => {
  const seven = `${prefix}${String(i % 10000).padStart(4, '0')}`;
  return `${seven.slice(0, 4)}-${seven.slice(4)}${issnCheckChar(seven)}`;
};
const PRINT_PREFIX: Record<TitlePlan['type'], string> = { newspaper: '097', journal: '232', magazine: '245' };

/** Journals number their issues (the volume is the year's, the number its quarter, as the issue's
 * name says) and carry a DOI under Crossref's test prefix 10.5555, which resolves nowhere. */
function journalIssue(slug: string, date: string) {
  const d = new Date(`${date}T00:00:00Z`);
  return { volume: d.getUTCFullYear() - 2000, number: Math.floor(d.getUTCMonth() / 3) + 1, doi: `10.5555/${slug}.${date}` };
}

const OTHER_LANGS = ['bn', 'ta', 'te', 'mr', 'fr', 'de', 'es', 'ja', 'ar', 'pt'];
const STEP_DAYS: Record<string, number> = { Daily: 1, Weekly: 7, Fortnightly: 14, Monthly: 30, 'Bi-monthly': 61, Quarterly: 91 };
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const HI_DIGITS = '०१२३४५६७८९';

const toHindiDigits = (n: number) => String(n).replace(/\d/g, (d) => HI_DIGITS[Number(d)]);

function daysBefore(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

function issueName(type: TitlePlan['type'], frequency: string, date: string, hindi: boolean, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (hindi) return `अंक ${toHindiDigits(n)}`;
  if (type === 'journal') return `Vol. ${d.getUTCFullYear() - 2000}, No. ${Math.floor(d.getUTCMonth() / 3) + 1}`;
  if (frequency === 'Monthly' || frequency === 'Bi-monthly' || frequency === 'Quarterly')
    return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

function describe(t: Pick<TitlePlan, 'name' | 'type' | 'frequency' | 'publisher'>, category: string, hindi: boolean): string {
  if (hindi) return `${t.name} — ${category} पर हर अंक में गहरी रिपोर्ट, साक्षात्कार और विश्लेषण।`;
  const what = t.type === 'newspaper' ? 'newspaper' : t.type === 'journal' ? 'peer-reviewed journal' : 'magazine';
  return `${t.name} is a ${t.frequency.toLowerCase()} ${what} from ${t.publisher} covering ${category.toLowerCase()}: reporting, interviews and analysis for curious readers.`;
}

/** Only some magazines are for older readers; newspapers and journals are for everyone. The
 * draw happens for every title so the rest of the seeded library stays the same. */
function drawAgeRating(r: ReturnType<typeof rng>, type: string): number {
  const rating = r.chance(0.08) ? 18 : r.chance(0.1) ? 12 : 3;
  return type === 'magazine' ? rating : 3;
}

export function planTitles(count: number, seed: number): TitlePlan[] {
  const r = rng(seed);
  const newspapers = Math.max(2, Math.round(count * 0.06));
  const journals = Math.max(2, Math.round(count * 0.06));
  const hindi = Math.max(2, Math.round(count * 0.05));
  const regularCats = CATEGORIES.filter(([id]) => id < 50);
  const used = new Set<string>();
  const unique = (name: string) => {
    let n = name;
    for (let i = 2; used.has(n); i++) n = `${name} ${i}`;
    used.add(n);
    return n;
  };

  const plans: TitlePlan[] = [];
  for (let i = 0; i < count; i++) {
    let type: TitlePlan['type'] = 'magazine';
    let catId: number;
    let lang = 'en';
    let name: string;
    let frequency = r.pick(FREQUENCIES);
    if (i % Math.ceil(count / hindi) === 3 && plans.filter((p) => p.lang === 'hi').length < hindi) {
      lang = 'hi';
      name = unique(HINDI_NAMES[plans.filter((p) => p.lang === 'hi').length % HINDI_NAMES.length]);
      const isPaper = name.startsWith('दैनिक') || name.startsWith('नवभारत');
      type = isPaper ? 'newspaper' : 'magazine';
      catId = isPaper ? NEWSPAPER_CATEGORY : r.pick(regularCats)[0];
      if (isPaper) frequency = 'Daily';
    } else if (i % Math.ceil(count / newspapers) === 1 && plans.filter((p) => p.type === 'newspaper').length < newspapers) {
      type = 'newspaper';
      catId = NEWSPAPER_CATEGORY;
      frequency = 'Daily';
      name = unique(NEWSPAPER_NAMES[plans.filter((p) => p.type === 'newspaper').length % NEWSPAPER_NAMES.length]);
    } else if (i % Math.ceil(count / journals) === 2 && plans.filter((p) => p.type === 'journal').length < journals) {
      type = 'journal';
      catId = JOURNAL_SECTION;
      frequency = r.pick(['Monthly', 'Quarterly', 'Bi-monthly']);
      name = unique(JOURNAL_NAMES[plans.filter((p) => p.type === 'journal').length % JOURNAL_NAMES.length]);
    } else {
      const [cat, catName] = regularCats[(i * 7 + r.int(0, 3)) % regularCats.length];
      catId = cat;
      const core = NAME_CORE[cat] ?? [catName.split(/[ &]/)[0]];
      name = unique(`${r.chance(0.5) ? `${r.pick(NAME_PREFIX)} ` : ''}${r.pick(core)} ${r.pick(NAME_SUFFIX)}`);
      if (r.chance(0.2)) lang = r.pick(OTHER_LANGS);
    }
    const publisher = r.pick(PUBLISHERS);
    const category = CATEGORIES.find(([id]) => id === catId)!;
    const isHindi = lang === 'hi';
    const step = STEP_DAYS[frequency] ?? 30;
    const latest = daysBefore(REFERENCE_DATE, r.int(0, Math.min(step, 20)));
    const issues: TitlePlan['issues'] = [0, 1, 2].map((k) => {
      const date = daysBefore(latest, k * step);
      return {
        name: issueName(type, frequency, date, isHindi, 120 - k),
        pubDate: date,
        isSpecial: false,
        pages: k === 0 ? 3 : 2,
        ...(type === 'journal' ? journalIssue(slugify(name), date) : {}),
      };
    });
    if (i % 10 === 4) {
      issues.push({
        name: isHindi ? 'वार्षिक विशेषांक' : `Annual Special ${REFERENCE_DATE.slice(0, 4)}`,
        pubDate: daysBefore(REFERENCE_DATE, 45),
        isSpecial: true,
        pages: 2,
      });
    }
    const plan = {
      name,
      slug: slugify(name),
      publisher,
      catId,
      lang,
      frequency,
      type,
      isGold: r.chance(0.85),
      isFree: r.chance(0.12),
      isFeatured: r.chance(0.18),
      isInternational: lang !== 'hi' && r.chance(lang === 'en' ? 0.15 : 0.6),
      blockedCountries: i === 5 ? ['IN'] : [],
      ageRating: drawAgeRating(r, type),
      description: '',
      hue: r.int(0, 359),
      // Every title has a print ISSN; journals and two magazines or papers in three an online one too.
      printIssn: demoIssn(PRINT_PREFIX[type], i),
      onlineIssn: type === 'journal' || i % 3 !== 0 ? demoIssn('258', i) : null,
      issues,
    } satisfies TitlePlan;
    plan.description = describe(plan, isHindi ? category[2] : category[1], isHindi);
    plans.push(plan);
  }
  return plans;
}

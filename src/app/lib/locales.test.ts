// English and Hindi tables have the same keys (and the information pages the same sections and
// items), so no text falls back to English unseen: the app's table, the pages', the zone screen's, the console's and the plans'.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Every path to a text, with array positions: "faq.items.2.q". */
function paths(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => paths(v, `${at}${i}.`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => paths(v, `${at}${k}.`));
  return [at.slice(0, -1)];
}
const table = (file: string) => JSON.parse(fs.readFileSync(new URL(`../../../locales/${file}`, import.meta.url), 'utf8'));

describe('locales', () => {
  for (const dir of ['', 'screens/', 'pages/', 'zone/', 'console/', 'plans/']) {
    it(`locales/${dir}en.json and hi.json have the same keys, none empty`, () => {
      const en = table(`${dir}en.json`);
      const hi = table(`${dir}hi.json`);
      expect(paths(hi).sort()).toEqual(paths(en).sort());
      for (const t of [en, hi])
        for (const p of paths(t))
          expect(
            p.split('.').reduce((o, k) => o[k], t),
            p,
          ).not.toBe('');
    });
  }

  it("the screens' texts (locales/screens) and the first load's (locales/en.json) share no section", () => {
    const first = Object.keys(table('en.json'));
    expect(Object.keys(table('screens/en.json')).filter((k) => first.includes(k))).toEqual([]);
  });
});

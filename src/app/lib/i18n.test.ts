// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Which screens' tables a page fetched: each table's module, as the page reads it.
const fetched = vi.hoisted(() => ({ tables: [] as string[], hindiMissing: false }));
vi.mock('../../../locales/screens/en.json', () => ({
  get default() {
    fetched.tables.push('en');
    return { search: { title: 'Search' } };
  },
}));
vi.mock('../../../locales/screens/hi.json', () => ({
  get default() {
    fetched.tables.push('hi');
    if (fetched.hindiMissing) throw new Error('offline, never cached');
    return { search: { title: 'खोज' } };
  },
}));

beforeEach(async () => {
  vi.resetModules();
  // (i18next's instance outlives the module reset)
  const i18next = (await import('i18next')).default;
  if (i18next.isInitialized) for (const locale of ['en', 'hi']) i18next.removeResourceBundle(locale, 'translation');
  fetched.tables = [];
  fetched.hindiMissing = false;
});

describe("the screens' texts", () => {
  it('a Hindi page fetches the Hindi table only, an English page the English one', async () => {
    const { initI18n, loadScreenTexts } = await import('./i18n');
    const i18n = await initI18n('hi');
    await loadScreenTexts();
    expect(fetched.tables).toEqual(['hi']);
    expect(i18n.t('search.title' as never)).toBe('खोज');
    await (await import('./i18n')).setLocale('en');
    expect(fetched.tables).toEqual(['hi', 'en']);
    expect(i18n.t('search.title' as never)).toBe('Search');
  });

  it('English stands in when the Hindi table cannot be had', async () => {
    fetched.hindiMissing = true;
    const { initI18n, loadScreenTexts } = await import('./i18n');
    const i18n = await initI18n('hi');
    await loadScreenTexts();
    expect(fetched.tables).toEqual(['hi', 'en']);
    expect(i18n.t('search.title' as never)).toBe('Search');
  });
});

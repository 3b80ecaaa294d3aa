// i18next with keys typed from en.json; one locale loaded at a time (Hindi on demand), <html
// lang> kept in step, English as the fallback for any missing key or table. The first load
// carries only the texts of the home page and the frame around every page (locales/en.json);
// every other screen's texts (locales/screens) come with the first such screen, into the same
// namespace, so keys are the same wherever a text lives.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../../locales/en.json';
import type screens from '../../../locales/screens/en.json';
import type zone from '../../../locales/zone/en.json';
import type libraryConsole from '../../../locales/console/en.json';
import type plans from '../../../locales/plans/en.json';
import type { Locale } from '../../shared/constants';

declare module 'i18next' {
  interface CustomTypeOptions {
    // 'zone', 'console', 'plans': the Smart Reading Zone's, the library console's and the plans'
    // texts, loaded with them (lib/namespaceTexts.ts).
    resources: { translation: typeof en & typeof screens; zone: typeof zone; console: typeof libraryConsole; plans: typeof plans };
  }
}

const loaders: Record<Exclude<Locale, 'en'>, () => Promise<unknown>> = {
  hi: async () => {
    // The Devanagari font is declared on every page (fonts.css) and fetched when text needs it.
    const table = await import('../../../locales/hi.json');
    return (table as { default: unknown }).default;
  },
};

let started!: () => void;
const startedUp = new Promise<void>((resolve) => (started = resolve));

export async function initI18n(locale: Locale) {
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await setLocale(locale);
  started();
  return i18n;
}

const screenTables: Record<Locale, () => Promise<{ default: unknown }>> = {
  en: () => import('../../../locales/screens/en.json'),
  hi: () => import('../../../locales/screens/hi.json'),
};
const screensIn = new Set<Locale>();
let screensWanted = false;

/** The screens' table of the locale only: the Hindi table has every key of the English one
 * (locales.test.ts), so a Hindi page does not fetch the English table too. */
async function addScreenTexts(locale: Locale): Promise<void> {
  if (screensIn.has(locale)) return;
  try {
    i18n.addResourceBundle(locale, 'translation', (await screenTables[locale]()).default, true, true);
    screensIn.add(locale);
  } catch (err) {
    if (locale === 'en') throw err; // the screen cannot show (RouteError says why)
    await addScreenTexts('en'); // no Hindi table at hand (offline, never cached): English stands in
  }
}

/** The texts of every screen but the home page, in the current locale: awaited by
 * each lazy route (routes/router.tsx), and fetched ahead once the app has started. */
export async function loadScreenTexts(): Promise<void> {
  screensWanted = true;
  await startedUp; // the router loads the first screen while i18next is still starting
  await addScreenTexts(i18n.language as Locale);
}

export async function setLocale(locale: Locale) {
  if (locale !== 'en' && !i18n.hasResourceBundle(locale, 'translation')) {
    try {
      i18n.addResourceBundle(locale, 'translation', await loaders[locale](), true, true);
    } catch {
      // No table (e.g. offline and never cached): English stands in.
    }
  }
  if (screensWanted) await addScreenTexts(locale).catch(() => undefined);
  await i18n.changeLanguage(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

export default i18n;

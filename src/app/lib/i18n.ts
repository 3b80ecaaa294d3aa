// i18next with keys typed from en.json; one locale loaded at a time (Hindi on demand), <html
// lang> kept in step, English as the fallback for any missing key or table.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../../locales/en.json';
import type zone from '../../../locales/zone/en.json';
import type { Locale } from '../../shared/constants';

declare module 'i18next' {
  interface CustomTypeOptions {
    // 'zone': the Smart Reading Zone screen's texts, loaded with it (features/zone/texts.ts).
    resources: { translation: typeof en; zone: typeof zone };
  }
}

const loaders: Record<Exclude<Locale, 'en'>, () => Promise<unknown>> = {
  hi: async () => {
    // The Devanagari font is declared on every page (fonts.css) and fetched when text needs it.
    const table = await import('../../../locales/hi.json');
    return (table as { default: unknown }).default;
  },
};

export async function initI18n(locale: Locale) {
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await setLocale(locale);
  return i18n;
}

export async function setLocale(locale: Locale) {
  if (locale !== 'en' && !i18n.hasResourceBundle(locale, 'translation')) {
    try {
      i18n.addResourceBundle(locale, 'translation', await loaders[locale](), true, true);
    } catch {
      // No table (e.g. offline and never cached): English stands in.
    }
  }
  await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
}

export default i18n;

// The library console's texts: an i18next namespace of their own, loaded with the console.
export const consoleTexts = {
  en: () => import('../../../../locales/console/en.json'),
  hi: () => import('../../../../locales/console/hi.json'),
};

/** A key of the console's texts (the English file names them all). */
export type ConsoleTextKey = keyof typeof import('../../../../locales/console/en.json');

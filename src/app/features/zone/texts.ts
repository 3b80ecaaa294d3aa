// The zone screen's texts are an i18next namespace of their own (locales/zone/<locale>.json),
// loaded with the screen like the information pages' texts: the home page's first load carries
// only the banner's and the menu's few words (locales/en.json).
import { useNamespaceTexts } from '../../lib/namespaceTexts';

const loaders = {
  en: () => import('../../../../locales/zone/en.json'),
  hi: () => import('../../../../locales/zone/hi.json'),
};

/** t for the 'zone' namespace, and whether its table (with the English fallback) is in. */
export const useZoneTexts = () => useNamespaceTexts('zone', loaders);

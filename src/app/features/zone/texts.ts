// The zone screen's texts are an i18next namespace of their own (locales/zone/<locale>.json),
// loaded with the screen like the information pages' texts: the home page's first load carries
// only the banner's and the menu's few words (locales/en.json).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

const loaders = {
  en: () => import('../../../../locales/zone/en.json'),
  hi: () => import('../../../../locales/zone/hi.json'),
};

/** t for the 'zone' namespace, and whether its table (with the English fallback) is in. */
export function useZoneTexts() {
  const { t, i18n } = useTranslation('zone');
  const lang = i18n.language === 'hi' ? 'hi' : 'en';
  const { data } = useQuery({
    queryKey: ['zone-texts', lang],
    queryFn: async () => {
      for (const l of new Set(['en', lang] as const)) {
        if (i18n.hasResourceBundle(l, 'zone')) continue;
        try {
          i18n.addResourceBundle(l, 'zone', (await loaders[l]()).default, true, true);
        } catch (err) {
          if (l === 'en') throw err; // offline and never cached: English stands in for Hindi
        }
      }
      return true;
    },
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return { t, lang, ready: data === true } as const;
}

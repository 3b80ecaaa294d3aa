// Texts of a screen with many words of its own, as an i18next namespace (locales/<ns>/<locale>.json)
// loaded with the screen, so the first load and the other screens do not carry them.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

type Namespace = 'zone' | 'console' | 'plans';
export type TableLoaders = Record<'en' | 'hi', () => Promise<{ default: unknown }>>;

/** t for the namespace, and whether its table (with the English fallback) is in. */
export function useNamespaceTexts<N extends Namespace>(ns: N, loaders: TableLoaders) {
  const { t, i18n } = useTranslation(ns);
  const lang = i18n.language === 'hi' ? 'hi' : 'en';
  const { data } = useQuery({
    queryKey: [`${ns}-texts`, lang],
    queryFn: async () => {
      for (const l of new Set(['en', lang] as const)) {
        if (i18n.hasResourceBundle(l, ns)) continue;
        try {
          i18n.addResourceBundle(l, ns, (await loaders[l]()).default, true, true);
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

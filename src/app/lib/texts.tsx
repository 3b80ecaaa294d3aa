// The app's texts for components drawn many times on a screen (tiles, cards). react-i18next's
// useTranslation makes, for each component that calls it, a copy of the i18n instance's 42
// properties and a translate function of its own: 40-130 µs each on a 2-core server, so 6-18 ms
// for home's 140 tiles, and four times that on a phone at 4x CPU. The layout calls it once and
// hands its `t` and language down; a change of language draws the tiles again through the context.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { getI18n, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

interface Texts {
  t: TFunction<'translation', undefined>;
  lang: string;
}

const TextsContext = createContext<Texts | null>(null);

export function TextsProvider({ children }: { children: ReactNode }) {
  const { t, i18n: instance } = useTranslation();
  const lang = instance.language;
  const texts = useMemo(() => ({ t, lang }), [t, lang]);
  return <TextsContext.Provider value={texts}>{children}</TextsContext.Provider>;
}

/** `t` and the language, from the layout (or, drawn outside it, as in a component test, from i18n itself). */
export function useTexts(): Texts {
  const texts = useContext(TextsContext);
  if (texts) return texts;
  // (not lib/i18n itself: it brings the English table, and the tiles' chunk would then be one of its own)
  const i18n = getI18n();
  return { t: i18n.getFixedT(null, 'translation'), lang: i18n.language };
}

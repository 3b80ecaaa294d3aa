import { languageLabel } from '../lib/locale';

/** A language's name as languageLabel words it, its own name marked with its language (a screen
 * reader reads हिन्दी in Hindi; the Devanagari font, styles.css). */
export function LanguageName(props: { code: string; nativeName: string; englishName: string; hindiPage: boolean }) {
  const { code, nativeName, englishName, hindiPage } = props;
  const english = languageLabel(nativeName, englishName, hindiPage).slice(nativeName.length);
  return (
    <>
      <span lang={code}>{nativeName}</span>
      {english}
    </>
  );
}

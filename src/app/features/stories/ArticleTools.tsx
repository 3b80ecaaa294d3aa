// Article tools (spec §2): Listen and Pause with the browser's speech synthesis (only when it
// has a voice for the article's language), font size (remembered on the device), and Translate
// with the browser's on-device translator (only where the browser offers one). A tool the
// browser cannot do is not shown: never a broken button.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const SIZES = [15, 17, 19, 22, 25];
const SIZE_KEY = 'lectern.articleFontSize';

export function useFontSize() {
  const [index, setIndex] = useState(() => {
    const saved = Number(localStorage.getItem(SIZE_KEY));
    return SIZES.includes(saved) ? SIZES.indexOf(saved) : 1;
  });
  const set = (i: number) => {
    const next = Math.max(0, Math.min(SIZES.length - 1, i));
    localStorage.setItem(SIZE_KEY, String(SIZES[next]));
    setIndex(next);
  };
  return {
    size: SIZES[index],
    smaller: () => set(index - 1),
    larger: () => set(index + 1),
    min: index === 0,
    max: index === SIZES.length - 1,
  };
}

function useVoice(lang: string) {
  const [voice, setVoice] = useState<SpeechSynthesisVoice | null>(null);
  useEffect(() => {
    if (!('speechSynthesis' in window)) return;
    const pick = () => setVoice(speechSynthesis.getVoices().find((v) => v.lang.toLowerCase().startsWith(lang.toLowerCase())) ?? null);
    pick();
    speechSynthesis.addEventListener('voiceschanged', pick);
    return () => {
      speechSynthesis.removeEventListener('voiceschanged', pick);
      speechSynthesis.cancel();
    };
  }, [lang]);
  return voice;
}

type TranslatorApi = {
  availability(o: { sourceLanguage: string; targetLanguage: string }): Promise<string>;
  create(o: { sourceLanguage: string; targetLanguage: string }): Promise<{ translate(text: string): Promise<string> }>;
};
const translatorApi = () => (globalThis as { Translator?: TranslatorApi }).Translator;

function useCanTranslate(from: string, to: string) {
  const [can, setCan] = useState(false);
  useEffect(() => {
    const api = translatorApi();
    if (!api || from === to) return;
    // Ready on the device, or downloadable while online; otherwise no button at all.
    api.availability({ sourceLanguage: from, targetLanguage: to }).then(
      (a) => setCan(a === 'available' || (a === 'downloadable' && navigator.onLine)),
      () => setCan(false),
    );
  }, [from, to]);
  return can;
}

export function ArticleTools(props: {
  lang: string;
  text: string;
  font: ReturnType<typeof useFontSize>;
  paragraphs: string[];
  onTranslated: (paragraphs: string[] | null) => void;
  translated: boolean;
}) {
  const { t, i18n } = useTranslation();
  const voice = useVoice(props.lang);
  const [speech, setSpeech] = useState<'idle' | 'speaking' | 'paused'>('idle');
  const canTranslate = useCanTranslate(props.lang, i18n.language);
  const [translating, setTranslating] = useState(false);
  const [failed, setFailed] = useState(false);

  function listen() {
    if (speech === 'paused') {
      speechSynthesis.resume();
      return setSpeech('speaking');
    }
    if (speech === 'speaking') {
      speechSynthesis.pause();
      return setSpeech('paused');
    }
    const utterance = new SpeechSynthesisUtterance(props.text);
    utterance.lang = voice!.lang;
    utterance.voice = voice;
    utterance.onend = () => setSpeech('idle');
    speechSynthesis.cancel();
    speechSynthesis.speak(utterance);
    setSpeech('speaking');
  }

  async function translate() {
    if (props.translated) return props.onTranslated(null);
    setTranslating(true);
    setFailed(false);
    try {
      const translator = await translatorApi()!.create({ sourceLanguage: props.lang, targetLanguage: i18n.language });
      props.onTranslated(await Promise.all(props.paragraphs.map((p) => translator.translate(p))));
    } catch {
      props.onTranslated(null);
      setFailed(true);
    } finally {
      setTranslating(false);
    }
  }

  return (
    <div className="article-tools" role="toolbar" aria-label={t('stories.tools')}>
      {voice && (
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={listen}
          data-testid="listen"
          aria-pressed={speech !== 'idle'}
        >
          {t(speech === 'speaking' ? 'stories.pause' : speech === 'paused' ? 'stories.resume' : 'stories.listen')}
        </button>
      )}
      {canTranslate && (
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={translate}
          disabled={translating}
          data-testid="translate"
        >
          {t(props.translated ? 'stories.original' : 'stories.translate')}
        </button>
      )}
      {failed && (
        <span className="form-error" role="alert">
          {t('stories.translateFailed')}
        </span>
      )}
      <span className="article-tools__size">
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={props.font.smaller}
          disabled={props.font.min}
          aria-label={t('stories.smaller')}
          data-testid="font-smaller"
        >
          A−
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={props.font.larger}
          disabled={props.font.max}
          aria-label={t('stories.larger')}
          data-testid="font-larger"
        >
          A+
        </button>
      </span>
    </div>
  );
}

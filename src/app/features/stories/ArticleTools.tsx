// Article tools (spec §2): Listen and Pause with the browser's speech synthesis (only when it
// has a voice for the article's language), font size (remembered on the device), and Translate
// with the browser's on-device translator where the browser offers one; elsewhere the reader picks a
// translation service the text is sent to, or copies the text. A tool the
// browser cannot do is not shown: never a broken button.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextSize, useFontSize } from '../../components/TextSize';
import { translatorApi, useTranslateStory } from './mutations';

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

/** Can this browser translate the story into the page's language, and if not, why: no
 * on-device translator, not for these two languages, or its download needs the network. A story
 * already in the page's language has nothing to translate ('same': no button). */
type Translatable = 'yes' | 'same' | 'noTranslator' | 'unavailable' | 'offline' | 'asking';
function useCanTranslate(from: string, to: string): Translatable {
  const [answer, setAnswer] = useState<{ pair: string; can: Translatable } | null>(null);
  const api = translatorApi();
  const pair = `${from}>${to}`;
  useEffect(() => {
    if (!api || from === to) return;
    api.availability({ sourceLanguage: from, targetLanguage: to }).then(
      (a) =>
        setAnswer({ pair, can: a === 'available' ? 'yes' : a === 'downloadable' ? (navigator.onLine ? 'yes' : 'offline') : 'unavailable' }),
      () => setAnswer({ pair, can: 'unavailable' }),
    );
  }, [api, from, to, pair]);
  if (from === to) return 'same';
  if (!api) return 'noTranslator';
  return answer?.pair === pair ? answer.can : 'asking';
}

/** A language's name in the page's language ("Hindi", "हिन्दी"), or its code. */
function languageName(code: string, inLanguage: string) {
  try {
    return new Intl.DisplayNames([inLanguage], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
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
  const translation = useTranslateStory();
  const [offer, setOffer] = useState(false);
  // Why Listen or Translate cannot work here, said when the reader presses it.
  const [why, setWhy] = useState<string | null>(null);
  const names = { from: languageName(props.lang, i18n.language), to: languageName(i18n.language, i18n.language) };
  const cannotListen = !('speechSynthesis' in window)
    ? t('stories.cannot.noSpeech')
    : !voice
      ? t('stories.cannot.noVoice', { language: names.from })
      : null;
  const cannotTranslate =
    canTranslate === 'noTranslator'
      ? t('stories.cannot.noTranslator')
      : canTranslate === 'unavailable'
        ? t('stories.cannot.noLanguagePair', names)
        : canTranslate === 'offline'
          ? t('stories.cannot.offline')
          : null;

  function listen() {
    if (cannotListen) return setWhy(cannotListen);
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

  function translate() {
    // No translator here for these languages: offer the text to a translation the reader chooses.
    if (canTranslate === 'noTranslator' || canTranslate === 'unavailable') return setOffer((o) => !o);
    if (cannotTranslate) return setWhy(cannotTranslate);
    if (canTranslate === 'asking') return;
    if (props.translated) return props.onTranslated(null);
    translation.mutate(
      { from: props.lang, to: i18n.language, paragraphs: props.paragraphs },
      { onSuccess: props.onTranslated, onError: () => props.onTranslated(null) },
    );
  }

  return (
    <div className="article-tools" role="toolbar" aria-label={t('stories.tools')}>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={listen}
        data-testid="listen"
        aria-pressed={cannotListen ? undefined : speech !== 'idle'}
        aria-disabled={cannotListen ? true : undefined}
      >
        {t(speech === 'speaking' ? 'stories.pause' : speech === 'paused' ? 'stories.resume' : 'stories.listen')}
      </button>
      {canTranslate !== 'same' && (
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={translate}
          disabled={translation.isPending}
          aria-disabled={canTranslate === 'offline' ? true : undefined}
          aria-expanded={canTranslate === 'noTranslator' || canTranslate === 'unavailable' ? offer : undefined}
          data-testid="translate"
        >
          {t(props.translated ? 'stories.original' : 'stories.translate')}
        </button>
      )}
      {why && (
        <span className="article-tools__why" role="status" data-testid="tool-why">
          {why}
        </span>
      )}
      {offer && cannotTranslate && <TranslateElsewhere why={cannotTranslate} text={props.text} from={props.lang} to={i18n.language} />}
      {translation.isError && (
        <span className="form-error" role="alert">
          {t('stories.translateFailed')}
        </span>
      )}
      <TextSize font={props.font} />
    </div>
  );
}

/** How much of the story a translation link carries: the services cut a longer text in the address. */
export const LINK_TEXT_MAX = 1800;

/** Where the story can be translated when the browser cannot: each a web service the reader picks
 * (the text goes there only on their tap), or the whole text copied to paste anywhere. */
export function translationLinks(text: string, from: string, to: string) {
  const part = text.length > LINK_TEXT_MAX ? text.slice(0, LINK_TEXT_MAX) : text;
  const q = encodeURIComponent(part);
  return [
    {
      name: 'Google Translate',
      href: `https://translate.google.com/?sl=${encodeURIComponent(from)}&tl=${encodeURIComponent(to)}&text=${q}&op=translate`,
    },
    {
      name: 'Microsoft Translator',
      href: `https://www.bing.com/translator?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&text=${q}`,
    },
  ];
}

function TranslateElsewhere({ why, text, from, to }: { why: string; text: string; from: string; to: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <div className="article-tools__elsewhere" data-testid="translate-elsewhere">
      <p>
        {why} {t('stories.elsewhere.intro')}
      </p>
      <ul>
        {translationLinks(text, from, to).map((l) => (
          <li key={l.name}>
            <a href={l.href} target="_blank" rel="noopener noreferrer">
              {l.name}
            </a>
          </li>
        ))}
        <li>
          <button type="button" className="link-button" onClick={() => void copy()} data-testid="copy-text">
            {t('stories.elsewhere.copy')}
          </button>
        </li>
      </ul>
      {text.length > LINK_TEXT_MAX && <p className="article-tools__note">{t('stories.elsewhere.long')}</p>}
      {copied !== null && (
        <p role="status" className="article-tools__note">
          {t(copied ? 'stories.elsewhere.copied' : 'stories.elsewhere.copyFailed')}
        </p>
      )}
    </div>
  );
}

// The text size of a story and of the reader's Text view: one setting, remembered on the device.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCAL } from '../../shared/storage-names';

const SIZES = [15, 17, 19, 22, 25];
const SIZE_KEY = LOCAL.articleFontSize;

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

/** A− and A+; the text it sizes takes `font.size` in pixels. */
export function TextSize({ font }: { font: ReturnType<typeof useFontSize> }) {
  const { t } = useTranslation();
  return (
    <span className="text-size">
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={font.smaller}
        disabled={font.min}
        aria-label={t('stories.smaller')}
        data-testid="font-smaller"
      >
        A−
      </button>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={font.larger}
        disabled={font.max}
        aria-label={t('stories.larger')}
        data-testid="font-larger"
      >
        A+
      </button>
    </span>
  );
}

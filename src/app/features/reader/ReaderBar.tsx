// The reader's top bar: back to the title, the issue, zoom, thumbnails, the text view, full screen.
// Nothing in it changes at a turn, so a turn does not draw it again (memo).
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { IssueManifest } from '../../../shared/schemas/reader';
import { issueLine } from './issue-line';
import { leaveReader } from './leave';
import { flushProgress } from './tracking';
import { useFullScreen } from './useScreen';
import { devanagariMark } from '../../../shared/devanagari-font';

export type Panel = 'none' | 'thumbs' | 'text';

interface Props {
  manifest: IssueManifest;
  lang: 'en' | 'hi';
  titlePath: string;
  offlineCopy: boolean;
  scale: number;
  zoomBy: (factor: number) => void;
  panel: Panel;
  setPanel: (panel: Panel) => void;
}

export const ReaderBar = memo(function ReaderBar({ manifest, lang, titlePath, offlineCopy, scale, zoomBy, panel, setPanel }: Props) {
  const { t } = useTranslation();
  const fullScreen = useFullScreen();
  const fullScreenLabel = fullScreen.active ? t('reader.exitFullScreen') : t('reader.fullScreen');
  return (
    <header className="reader__bar">
      <a
        className="reader__button reader__back"
        href={titlePath}
        aria-label={t('reader.back')}
        onClick={(e) => leaveReader(e, titlePath, flushProgress)}
      >
        ←
      </a>
      <div className="reader__title">
        <strong {...devanagariMark(manifest.titleName)}>{manifest.titleName}</strong>
        <span {...devanagariMark(manifest.issueName)}>
          {issueLine(manifest.issueName, manifest.pubDate, lang)}
          {offlineCopy && ` · ${t('reader.offlineCopy')}`}
        </span>
      </div>
      <div className="reader__tools">
        <button
          type="button"
          className="reader__button reader__zoom"
          aria-label={t('reader.zoomOut')}
          onClick={() => zoomBy(0.8)}
          disabled={scale <= 1}
        >
          −
        </button>
        <button
          type="button"
          className="reader__button reader__zoom"
          aria-label={t('reader.zoomIn')}
          onClick={() => zoomBy(1.25)}
          data-testid="zoom-in"
        >
          +
        </button>
        <button
          type="button"
          className="reader__button"
          aria-pressed={panel === 'thumbs'}
          onClick={() => setPanel(panel === 'thumbs' ? 'none' : 'thumbs')}
        >
          {t('reader.thumbnails')}
        </button>
        <button
          type="button"
          className="reader__button"
          aria-pressed={panel === 'text'}
          onClick={() => setPanel(panel === 'text' ? 'none' : 'text')}
        >
          {t('reader.text')}
        </button>
        {fullScreen.supported && (
          <button type="button" className="reader__button" onClick={fullScreen.toggle} aria-label={fullScreenLabel} title={fullScreenLabel}>
            {/* phones show the icon alone: the bar has room for the title then */}
            <svg
              className="reader__icon"
              viewBox="0 0 24 24"
              width="18"
              height="18"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d={fullScreen.active ? 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5' : 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5'} />
            </svg>
            <span className="reader__label">{fullScreenLabel}</span>
          </button>
        )}
      </div>
    </header>
  );
});

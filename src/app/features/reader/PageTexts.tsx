// The extracted text of the shown pages: for screen readers and small screens. Each page as its
// running header, headline and paragraphs, in the stories' text size.
import { useTranslation } from 'react-i18next';
import { usePageTexts } from './queries';
import { pageStructure } from '../../../shared/page-structure';
import { TextSize, useFontSize } from '../../components/TextSize';
import { devanagariMark } from '../../../shared/devanagari-font';

export function PageTexts({ issueId, pages, code }: { issueId: number; pages: number[]; code: string | null }) {
  const { t } = useTranslation();
  const font = useFontSize();
  const texts = usePageTexts(issueId, pages, code);
  return (
    <div className="reader__texts">
      <div className="reader__text-tools">
        <TextSize font={font} />
      </div>
      {pages.map((n) => {
        const text = texts[n];
        const page = text ? pageStructure(text, n) : null;
        return (
          <article
            key={n}
            className="reader__text"
            aria-label={t('reader.textOf', { page: n })}
            data-testid="page-text"
            style={{ fontSize: `${font.size}px` }}
          >
            <p className="reader__text-page">
              <span>{t('reader.textOf', { page: n })}</span>
              {page?.header && (
                <span className="reader__text-folio" {...devanagariMark(page.header)}>
                  {page.header}
                </span>
              )}
            </p>
            {text === undefined ? (
              <p role="status">{t('reader.loading')}</p>
            ) : page ? (
              <>
                {page.headline && (
                  <h2 className="reader__text-headline" {...devanagariMark(page.headline)}>
                    {page.headline}
                  </h2>
                )}
                {page.paragraphs.map((para, i) => (
                  <p key={i} {...devanagariMark(para)}>
                    {para}
                  </p>
                ))}
              </>
            ) : (
              <p>{t('reader.noText')}</p>
            )}
          </article>
        );
      })}
    </div>
  );
}

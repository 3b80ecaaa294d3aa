// The issue filter of spec §2: Filter issues opens From and To (Choose Date), View Issues runs
// issues-search, Adjust Dates goes back to the dates; 'No issues found for this range'.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IssueCard } from '../../components/IssueCard';
import { formatDate } from '../../lib/locale';
import { rangeQuery } from './queries';
import { IssueArchive } from './IssueArchive';

type Range = { from: string; to: string; page: number };

/** `lang`: the title's language, which its issues' names are in. */
export function IssueRangeFilter({ mid, titlePath, lang }: { mid: number; titlePath: string; lang: string }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [range, setRange] = useState<Range | null>(null);
  const result = useQuery({ ...rangeQuery(mid, range?.from ?? '', range?.to ?? '', range?.page ?? 0), enabled: range !== null });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!from || !to) return setError(t('title.range.chooseBoth'));
    if (from > to) return setError(t('title.range.order'));
    setError(null);
    setRange({ from, to, page: 0 });
  }

  // Until a range is chosen, the whole archive shows by year.
  if (!open) {
    return (
      <>
        <button type="button" className="button button--ghost" onClick={() => setOpen(true)} data-testid="filter-issues">
          {t('title.range.filter')}
        </button>
        <IssueArchive mid={mid} titlePath={titlePath} lang={lang} />
      </>
    );
  }
  if (range) {
    const data = result.data;
    return (
      <div className="range" data-testid="range-results">
        <p className="range__summary">
          {t('title.range.showing', { from: formatDate(range.from, i18n.language), to: formatDate(range.to, i18n.language) })}
        </p>
        {result.isPending && <span className="skeleton skeleton--cover" aria-hidden="true" />}
        {data && data.edt_details.length === 0 && (
          <p className="range__empty" data-testid="range-empty">
            {t('title.range.none')}
          </p>
        )}
        <div className="listing-grid">
          {data?.edt_details.map((i) => (
            <IssueCard key={i.issueId} issue={i} lang={lang} titlePath={titlePath} place="grid" />
          ))}
        </div>
        <div className="range__actions">
          {data && data.page > 0 && (
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => setRange({ ...range, page: range.page - 1 })}
            >
              {t('title.range.previous')}
            </button>
          )}
          {data && data.page + 1 < data.nbPages && (
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => setRange({ ...range, page: range.page + 1 })}
            >
              {t('title.range.next')}
            </button>
          )}
          <button type="button" className="button button--small" onClick={() => setRange(null)} data-testid="adjust-dates">
            {t('title.range.adjust')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <>
      <form className="range range__form" onSubmit={onSubmit} noValidate>
        <label className="picker">
          <span>{t('title.range.from')}</span>
          <input
            type="date"
            value={from}
            max={to || undefined}
            onChange={(e) => setFrom(e.target.value)}
            aria-label={`${t('title.range.from')}: ${t('title.range.choose')}`}
          />
        </label>
        <label className="picker">
          <span>{t('title.range.to')}</span>
          <input
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => setTo(e.target.value)}
            aria-label={`${t('title.range.to')}: ${t('title.range.choose')}`}
          />
        </label>
        <button type="submit" className="button">
          {t('title.range.view')}
        </button>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </form>
      <IssueArchive mid={mid} titlePath={titlePath} lang={lang} />
    </>
  );
}

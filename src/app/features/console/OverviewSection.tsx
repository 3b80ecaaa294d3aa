// The console's overview: members, this month's readers and reads, the most read titles and the
// issues opened per day over the last 90 days.
import { useQuery } from '@tanstack/react-query';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import { overviewQuery } from './queries';
import { consoleTexts } from './texts';
import { ReadsChart } from './ReadsChart';
import { QueryProblem, type SectionProps } from './ConsoleParts';
import { devanagariMark } from '../../../shared/devanagari-font';

export function OverviewSection({ institutionId, me }: SectionProps) {
  const { t, lang } = useNamespaceTexts('console', consoleTexts);
  const overview = useQuery(overviewQuery(institutionId));
  if (overview.error) return <QueryProblem error={overview.error} retry={overview.refetch} />;
  const o = overview.data;
  if (!o) return <span className="skeleton skeleton--title" aria-hidden="true" />;
  const number = (n: number) => n.toLocaleString(lang);
  return (
    <>
      <p className="console__role" data-testid="console-role">
        {me.role === 'admin' ? t('roleAdmin') : t('roleLibrarian', { name: o.institution.name })}
      </p>
      <section aria-labelledby="overview-title" className="console__section">
        <h2 id="overview-title" className="console__heading">
          {t('overview')}
        </h2>
        <dl className="console-stats" data-testid="console-stats">
          {(
            [
              ['members', o.members],
              ['activeReaders', o.activeReaders],
              ['reads', o.reads],
            ] as const
          ).map(([key, value]) => (
            <div key={key} className="console-stats__item">
              <dt>{t(key)}</dt>
              <dd data-testid={`stat-${key}`}>{number(value)}</dd>
            </div>
          ))}
        </dl>
        <div className="console__columns">
          <section aria-labelledby="top-titles" className="console__panel">
            <h3 id="top-titles" className="console__subheading">
              {t('topTitles')}
            </h3>
            {o.topTitles.length ? (
              <ol className="console-top" data-testid="top-titles">
                {o.topTitles.map((title) => (
                  <li key={title.mid}>
                    <span {...devanagariMark(title.name)}>{title.name}</span>
                    <span className="console-top__reads">{t('titleReads', { count: title.reads })}</span>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="console__empty">{t('noReads')}</p>
            )}
          </section>
          <div className="console__panel">
            <ReadsChart days={o.readsPerDay} />
          </div>
        </div>
        <p className="console__note">{t('monthNote')}</p>
      </section>
    </>
  );
}

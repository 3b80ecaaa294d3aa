// /library and /library/:institutionId: the library console of a librarian (their institution) or
// an admin (any institution, chosen from a list). So far its overview: members, this month's
// readers and reads, the most read titles and the issues opened per day.
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { stripLocale } from '../../lib/locale';
import { useLocalePath } from '../../components/useLocalePath';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import { consoleMeQuery, overviewQuery } from './queries';
import { consoleTexts } from './texts';
import { ReadsChart } from './ReadsChart';
import type { ConsoleMe } from '../../../shared/schemas/console';
import './console.css';

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : 0);

function Problem({ text, retry }: { text: string; retry?: () => unknown }) {
  const { t } = useNamespaceTexts('console', consoleTexts);
  return (
    <div className="console__problem" role="alert" data-testid="console-problem">
      <p>{text}</p>
      {retry && (
        <button type="button" className="button button--ghost" onClick={() => retry()}>
          {t('retry')}
        </button>
      )}
    </div>
  );
}

function Overview({ institutionId, me }: { institutionId: number; me: ConsoleMe }) {
  const { t, lang } = useNamespaceTexts('console', consoleTexts);
  const overview = useQuery(overviewQuery(institutionId));
  if (overview.error) {
    const status = statusOf(overview.error);
    if (status === 403) return <Problem text={t('otherInstitution')} />;
    if (status === 404 || status === 400) return <Problem text={t('noInstitution')} />;
    return <Problem text={t('loadFailed')} retry={overview.refetch} />;
  }
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
                    <span>{title.name}</span>
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

export default function ConsolePage() {
  const { t, ready } = useNamespaceTexts('console', consoleTexts);
  const to = useLocalePath();
  const navigate = useNavigate();
  const params = useParams();
  const { pathname } = useLocation();
  const me = useQuery(consoleMeQuery());
  if (!ready || me.isPending) return <span className="skeleton skeleton--title" aria-hidden="true" />;
  const body = (() => {
    // Signed out (or the session ended): sign in, then back here.
    if (statusOf(me.error) === 401) return <Navigate replace to={to(`/login?returnTo=${encodeURIComponent(stripLocale(pathname))}`)} />;
    if (me.error)
      return statusOf(me.error) === 403 ? <Problem text={t('notAllowed')} /> : <Problem text={t('loadFailed')} retry={me.refetch} />;
    const first = me.data.institutions[0];
    if (!params.institutionId) return first ? <Navigate replace to={to(`/library/${first.id}`)} /> : <Problem text={t('noInstitution')} />;
    const institutionId = Number(params.institutionId);
    return (
      <>
        {me.data.role === 'admin' && (
          <label className="console__choose">
            <span>{t('institution')}</span>
            <select
              value={String(institutionId)}
              onChange={(e) => navigate(to(`/library/${e.target.value}`))}
              data-testid="console-institution"
            >
              {me.data.institutions.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <Overview institutionId={Number.isInteger(institutionId) && institutionId > 0 ? institutionId : 0} me={me.data} />
      </>
    );
  })();
  return (
    <div className="console">
      <h1 className="console__title">{t('title')}</h1>
      {body}
    </div>
  );
}

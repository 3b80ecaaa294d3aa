// The console's members: search (name, e-mail, mobile), filters, pages, the CSV export of what is
// shown; a member's page opens at ?member=<id>. The search and filter live in the address, so
// going back from a member returns to the same list.
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { MEMBERS_COUNT_CAP, MemberFilter, type MemberRow } from '../../../shared/schemas/console-members';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import { consoleTexts } from './texts';
import { QueryProblem, type SectionProps } from './ConsoleParts';
import { downloadMembersCsv, membersQuery } from './members-queries';
import { accessText, formatDay } from './dates';
import { MemberPage } from './MemberPage';

const FILTERS = MemberFilter.options;

export function MembersSection({ institutionId }: SectionProps) {
  const [params, setParams] = useSearchParams();
  const memberId = Number(params.get('member'));
  if (Number.isInteger(memberId) && memberId > 0) return <MemberPage institutionId={institutionId} memberId={memberId} />;
  return <MemberList institutionId={institutionId} params={params} setParams={setParams} />;
}

function MemberList({
  institutionId,
  params,
  setParams,
}: {
  institutionId: number;
  params: URLSearchParams;
  setParams: ReturnType<typeof useSearchParams>[1];
}) {
  const { t, lang } = useNamespaceTexts('console', consoleTexts);
  const q = params.get('q') ?? '';
  const filter = MemberFilter.catch('all').parse(params.get('filter'));
  const page = Math.max(0, Number(params.get('page')) || 0);
  const [typed, setTyped] = useState(q);
  const [exportFailed, setExportFailed] = useState(false);
  const update = (next: Record<string, string>) =>
    setParams(
      (p) => {
        for (const [k, v] of Object.entries(next))
          if (v && v !== '0' && v !== 'all') p.set(k, v);
          else p.delete(k);
        return p;
      },
      { replace: true },
    );
  // Search as the librarian types, once they pause.
  useEffect(() => {
    if (typed.trim() === q) return;
    const timer = setTimeout(() => update({ q: typed.trim(), page: '' }), 250);
    return () => clearTimeout(timer);
  });
  const list = useQuery(membersQuery(institutionId, { q, filter, page }));
  if (list.error && !list.data) return <QueryProblem error={list.error} retry={list.refetch} />;
  const data = list.data;
  const exportCsv = () => {
    setExportFailed(false);
    downloadMembersCsv(institutionId, q, filter).catch(() => setExportFailed(true));
  };
  return (
    <section aria-labelledby="members-title" className="console__section members">
      <h2 id="members-title" className="console__heading">
        {t('members')}
      </h2>
      <div className="members__tools">
        <label className="members__search">
          <span>{t('membersSearch')}</span>
          <input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={100} data-testid="members-search" />
        </label>
        <label className="members__filter">
          <span>{t('membersFilter')}</span>
          <select value={filter} onChange={(e) => update({ filter: e.target.value, page: '' })} data-testid="members-filter">
            {FILTERS.map((f) => (
              <option key={f} value={f}>
                {t(`filter_${f}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button button--ghost button--small" onClick={exportCsv} data-testid="members-export">
          {t('exportCsv')}
        </button>
      </div>
      {exportFailed && (
        <p className="form-error" role="alert">
          {t('exportFailed')}
        </p>
      )}
      {!data ? (
        <span className="skeleton skeleton--title" aria-hidden="true" />
      ) : (
        <>
          <p className="console__note" role="status" data-testid="members-count">
            {data.total >= MEMBERS_COUNT_CAP ? t('membersMany', { count: MEMBERS_COUNT_CAP }) : t('membersCount', { count: data.total })}
          </p>
          {data.members.length ? (
            <ul className="members__list" data-testid="members-list">
              {data.members.map((m) => (
                <MemberItem key={m.id} m={m} lang={lang} params={params} showReading={data.showReading} />
              ))}
            </ul>
          ) : (
            <p className="console__empty">{t('noMembers')}</p>
          )}
          {data.nbPages > 1 && (
            <nav className="members__pages" aria-label={t('pages')}>
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={page === 0}
                onClick={() => update({ page: String(page - 1) })}
              >
                {t('previous')}
              </button>
              <span>{t('pageOf', { page: page + 1, pages: data.nbPages })}</span>
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={page + 1 >= data.nbPages}
                onClick={() => update({ page: String(page + 1) })}
              >
                {t('next')}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}

function MemberItem({ m, lang, params, showReading }: { m: MemberRow; lang: string; params: URLSearchParams; showReading: boolean }) {
  const { t } = useNamespaceTexts('console', consoleTexts);
  const to = new URLSearchParams(params);
  to.set('member', String(m.id));
  return (
    <li className="members__item" data-testid="member-row">
      <Link to={`?${to}`} className="members__name">
        {m.name || t('unnamed')}
      </Link>
      <span className="members__contact">{[m.email, m.mobile].filter(Boolean).join(' · ')}</span>
      <span className={`members__status members__status--${m.status}`}>{t(`status_${m.status}`)}</span>
      <span className="members__meta">
        {[
          m.accessEndsAt && accessText(m.accessEndsAt, t, lang),
          showReading && (m.lastReadAt ? t('lastReadOn', { date: formatDay(m.lastReadAt, lang) }) : t('neverRead')),
        ]
          .filter(Boolean)
          .join(' · ')}
      </span>
    </li>
  );
}

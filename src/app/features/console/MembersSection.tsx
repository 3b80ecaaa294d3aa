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
import { downloadMembersCsv, membersQuery, useBulkMembers } from './members-queries';
import { accessText, formatDay } from './dates';
import { MemberPage } from './MemberPage';
import { MemberImport } from './MemberImport';
import { useRefusalText } from './ConsoleParts';

const FILTERS = MemberFilter.options;

export function MembersSection({ institutionId }: SectionProps) {
  const [params, setParams] = useSearchParams();
  const memberId = Number(params.get('member'));
  if (Number.isInteger(memberId) && memberId > 0) return <MemberPage institutionId={institutionId} memberId={memberId} />;
  if (params.get('import') === '1') {
    const back = new URLSearchParams(params);
    back.delete('import');
    return <MemberImport institutionId={institutionId} back={`?${back}`} />;
  }
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
  const [chosen, setChosen] = useState<Map<number, string>>(new Map());
  const choose = (m: MemberRow, on: boolean) =>
    setChosen((c) => {
      const next = new Map(c);
      if (on) next.set(m.id, m.name || m.email || String(m.id));
      else next.delete(m.id);
      return next;
    });
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
  // What the search box says, even in the pause before the list follows it.
  const exportCsv = () => {
    setExportFailed(false);
    const search = typed.trim();
    if (search !== q) update({ q: search, page: '' });
    downloadMembersCsv(institutionId, search, filter).catch(() => setExportFailed(true));
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
        <Link to={`?${withParam(params, 'import', '1')}`} className="button button--ghost button--small" data-testid="members-import">
          {t('importOpen')}
        </Link>
      </div>
      {chosen.size > 0 && <BulkBar institutionId={institutionId} chosen={chosen} onClear={() => setChosen(new Map())} />}
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
                <MemberItem
                  key={m.id}
                  m={m}
                  lang={lang}
                  params={params}
                  showReading={data.showReading}
                  chosen={chosen.has(m.id)}
                  onChoose={(on) => choose(m, on)}
                />
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

function MemberItem({
  m,
  lang,
  params,
  showReading,
  chosen,
  onChoose,
}: {
  m: MemberRow;
  lang: string;
  params: URLSearchParams;
  showReading: boolean;
  chosen: boolean;
  onChoose: (on: boolean) => void;
}) {
  const { t } = useNamespaceTexts('console', consoleTexts);
  const to = withParam(params, 'member', String(m.id));
  return (
    <li className="members__item" data-testid="member-row">
      {/* A reader who only asks to join is decided under Access requests, not here. */}
      <input
        type="checkbox"
        className="members__choose"
        checked={chosen}
        disabled={m.status === 'pending'}
        onChange={(e) => onChoose(e.target.checked)}
        aria-label={t('bulkSelect', { name: m.name || m.email || t('unnamed') })}
        data-testid="member-choose"
      />
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

const withParam = (params: URLSearchParams, key: string, value: string) => {
  const next = new URLSearchParams(params);
  next.set(key, value);
  return next;
};

type BulkAction = 'extend' | 'remove' | 'invite';
const CONFIRM = { extend: 'bulkConfirmExtend', remove: 'bulkConfirmRemove', invite: 'bulkConfirmInvite' } as const;

/** The chosen members' actions, each asked once more before it is done; then what was done for whom. */
function BulkBar({ institutionId, chosen, onClear }: { institutionId: number; chosen: Map<number, string>; onClear: () => void }) {
  const { t, lang } = useNamespaceTexts('console', consoleTexts);
  const refusal = useRefusalText();
  const bulk = useBulkMembers(institutionId);
  const [asking, setAsking] = useState<BulkAction | null>(null);
  const [until, setUntil] = useState('');
  const count = chosen.size;
  const today = new Date().toISOString().slice(0, 10);
  const run = () => {
    const memberIds = [...chosen.keys()];
    const body = asking === 'extend' ? { action: 'extend' as const, memberIds, until } : { action: asking!, memberIds };
    bulk.mutate(body as Parameters<typeof bulk.mutate>[0], { onSuccess: () => setAsking(null) });
  };
  const failed = bulk.data?.results.filter((r) => !r.ok) ?? [];
  return (
    <div className="console__panel members__bulk" role="region" aria-label={t('bulkChosen', { count })} data-testid="members-bulk">
      <p className="members__bulk-count">{t('bulkChosen', { count })}</p>
      {asking ? (
        <div className="member__row" role="group">
          <span>{t(CONFIRM[asking], { count, date: until ? formatDay(`${until}T00:00:00Z`, lang) : '' })}</span>
          <button
            type="button"
            className={asking === 'remove' ? 'button member__danger' : 'button'}
            disabled={bulk.isPending}
            onClick={run}
            data-testid="bulk-yes"
          >
            {t('bulkYes')}
          </button>
          <button type="button" className="button button--ghost" onClick={() => setAsking(null)}>
            {t('cancel')}
          </button>
        </div>
      ) : (
        <div className="member__row">
          <label className="field">
            <span className="field__label">{t('extendDate')}</span>
            <input
              type="date"
              className="field__input"
              min={today}
              value={until}
              onChange={(e) => setUntil(e.target.value)}
              data-testid="bulk-until"
            />
          </label>
          <button type="button" className="button" disabled={!until} onClick={() => setAsking('extend')} data-testid="bulk-extend">
            {t('bulkExtend')}
          </button>
          <button type="button" className="button button--ghost" onClick={() => setAsking('invite')} data-testid="bulk-invite">
            {t('bulkInvite')}
          </button>
          <button
            type="button"
            className="button button--ghost member__danger-ghost"
            onClick={() => setAsking('remove')}
            data-testid="bulk-remove"
          >
            {t('bulkRemove')}
          </button>
          <button type="button" className="button button--ghost" onClick={onClear}>
            {t('bulkClear')}
          </button>
        </div>
      )}
      {bulk.error && (
        <p className="form-error" role="alert">
          {refusal(bulk.error)}
        </p>
      )}
      {bulk.data && (
        <div role="status" data-testid="bulk-result">
          <p>{t('bulkDone', { ok: bulk.data.results.length - failed.length, count: bulk.data.results.length })}</p>
          {failed.length > 0 && (
            <ul className="member__facts">
              {failed.map((r) => (
                <li key={r.id}>{t('bulkNotDone', { name: chosen.get(r.id) ?? String(r.id), reason: r.error ?? '' })}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

// The activity log: every change made in the console (or by an operator command) to the
// institution, newest first and paged: who, when, what, and each field before → after. An admin
// may also read the whole log, with the entries of no institution (an institution made).
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import type { AuditRow } from '../../../shared/schemas/console-admin';
import { activityQuery } from './admin-queries';
import { auditChanges } from './audit-changes';
import { auditActionKey } from '../../../shared/audit-actions';
import { consoleTexts, type ConsoleTextKey } from './texts';
import { QueryProblem, type SectionProps } from './ConsoleParts';

export function ActivitySection({ institutionId, me }: SectionProps) {
  const { t, lang } = useNamespaceTexts('console', consoleTexts);
  const [page, setPage] = useState(0);
  const [everything, setEverything] = useState(false);
  const log = useQuery({ ...activityQuery(everything ? null : institutionId, page), placeholderData: keepPreviousData });
  if (log.error) return <QueryProblem error={log.error} retry={log.refetch} />;
  const data = log.data;
  const when = (at: string) => new Date(at).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section aria-labelledby="activity-title" className="console__section console__panel">
      <h2 id="activity-title" className="console__heading">
        {t('activity')}
      </h2>
      <p className="console__note">{t('activityHelp')}</p>
      {me.role === 'admin' && (
        <label className="console-activity__all">
          <input
            type="checkbox"
            checked={everything}
            onChange={(e) => {
              setEverything(e.target.checked);
              setPage(0);
            }}
            data-testid="activity-all"
          />{' '}
          {t('activityAll')}
        </label>
      )}
      {!data ? (
        <span className="skeleton skeleton--title" aria-hidden="true" />
      ) : data.entries.length ? (
        <ol className="console-activity" data-testid="activity">
          {data.entries.map((e) => (
            <li key={e.id} className="console-activity__entry" data-testid="activity-entry">
              <p className="console-activity__what">
                <strong>{t(auditActionKey(e.action) as ConsoleTextKey, { defaultValue: e.action })}</strong>
                {e.target && <span className="console-activity__target"> · {e.target}</span>}
              </p>
              <p className="console-activity__who">
                <time dateTime={e.at}>{when(e.at)}</time> · {e.actor === 'operator' ? t('operator') : e.actor}
                {everything && ` · ${e.institution ?? t('activityNoInstitution')}`}
              </p>
              <Changes entry={e} />
            </li>
          ))}
        </ol>
      ) : (
        <p className="console__empty">{t('activityEmpty')}</p>
      )}
      {data && data.pages > 1 && (
        <nav className="console-activity__pages" aria-label={t('activityPages')}>
          <button type="button" className="button button--ghost button--small" disabled={page === 0} onClick={() => setPage(page - 1)}>
            {t('newer')}
          </button>
          <span data-testid="activity-page">{t('pageOf', { page: page + 1, pages: data.pages })}</span>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={page + 1 >= data.pages}
            onClick={() => setPage(page + 1)}
          >
            {t('older')}
          </button>
        </nav>
      )}
    </section>
  );
}

/** Recorded words the log shows in the reader's language (other values are names, dates, addresses). */
const WORDS = [
  'librarian',
  'admin',
  'set',
  'replaced',
  'active',
  'disabled',
  'ended',
  'used_up',
  'pending',
  'taken',
  'verified',
  'approved',
  'rejected',
  'kept',
  'new',
  'answered',
  'closed',
];
// A role's institution number says nothing a reader of the log needs (the entry names the institution).
const UNSHOWN = ['institutionId'];

/** Each changed field: its name, the value before and after. */
function Changes({ entry }: { entry: AuditRow }) {
  const { t } = useNamespaceTexts('console', consoleTexts);
  const changes = auditChanges(entry.before, entry.after).filter((c) => !UNSHOWN.includes(c.field));
  if (!changes.length) return null;
  const show = (v: unknown): string => {
    if (v === null || v === undefined) return '—';
    if (typeof v === 'boolean') return t(v ? 'yes' : 'no');
    if (Array.isArray(v)) return v.join(', ') || '—';
    return WORDS.includes(String(v)) ? t(`value_${String(v)}` as ConsoleTextKey) : String(v);
  };
  return (
    <dl className="console-activity__changes">
      {changes.map((c) => (
        <div key={c.field}>
          {c.field && <dt>{t(`field_${c.field.replace('.', '_')}` as ConsoleTextKey, { defaultValue: c.field })}</dt>}
          <dd>
            <span className="console-activity__before">{show(c.before)}</span> → <span>{show(c.after)}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

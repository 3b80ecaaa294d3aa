// The console's enquiries inbox: the enquiry form's and contact messages that belong to the
// institution, newest first, a page at a time, filtered by status; the librarian replies by
// e-mail and marks each one answered or closed. An admin may also look at every enquiry.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import { ENQUIRY_STATUSES, type Enquiry, type EnquiryStatus } from '../../../shared/schemas/console-inbox';
import { enquiriesQuery, useEnquiryStatus, type InboxScope } from './enquiries-queries';
import { consoleTexts, type ConsoleTextKey } from './texts';
import { QueryProblem, useRefusalText, type SectionProps } from './ConsoleParts';
import { devanagariMark } from '../../../shared/devanagari-font';

/** What a librarian can do with an enquiry of each status. */
const NEXT: Record<EnquiryStatus, { status: EnquiryStatus; text: ConsoleTextKey }[]> = {
  new: [
    { status: 'answered', text: 'markAnswered' },
    { status: 'closed', text: 'markClosed' },
  ],
  answered: [
    { status: 'closed', text: 'markClosed' },
    { status: 'new', text: 'markNew' },
  ],
  closed: [{ status: 'new', text: 'markNew' }],
};

export function EnquiriesSection({ institutionId, me }: SectionProps) {
  const { t, lang } = useNamespaceTexts('console', consoleTexts);
  const refusal = useRefusalText();
  const [all, setAll] = useState(false);
  const [status, setStatus] = useState<EnquiryStatus | null>(null);
  const [page, setPage] = useState(0);
  const scope: InboxScope = all ? null : institutionId;
  const inbox = useQuery(enquiriesQuery(scope, status, page));
  const change = useEnquiryStatus(scope);
  if (inbox.error) return <QueryProblem error={inbox.error} retry={inbox.refetch} />;
  if (!inbox.data) return <span className="skeleton skeleton--title" aria-hidden="true" />;
  const data = inbox.data;
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const when = (iso: string) => new Date(iso).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });
  const filter = (next: EnquiryStatus | null) => {
    setStatus(next);
    setPage(0);
  };
  const details = (e: Enquiry) =>
    [
      e.institutionName && t('enquiryFor', { institution: e.institutionName }),
      e.designation,
      e.mobile,
      e.campuses && t('enquiryCampuses', { value: e.campuses }),
      e.students && t('enquiryStudents', { value: e.students }),
    ].filter(Boolean);

  return (
    <section aria-labelledby="enquiries-title" className="console__section">
      <h2 id="enquiries-title" className="console__heading">
        {t('enquiriesTitle')}
      </h2>
      <p className="console__note">{t('enquiriesHelp')}</p>
      {me.role === 'admin' && (
        <label className="console-zone-form__check">
          <input
            type="checkbox"
            checked={all}
            onChange={(e) => {
              setAll(e.target.checked);
              setPage(0);
            }}
          />{' '}
          {t('enquiriesAll')}
        </label>
      )}
      <div className="console-filter" role="group" aria-label={t('enquiryFilter')}>
        <button type="button" className="console-filter__item" aria-pressed={status === null} onClick={() => filter(null)}>
          {t('enquiryAll', { n: (data.counts.new + data.counts.answered + data.counts.closed).toLocaleString(lang) })}
        </button>
        {ENQUIRY_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            className="console-filter__item"
            aria-pressed={status === s}
            onClick={() => filter(s)}
            data-testid={`filter-${s}`}
          >
            {t(`enquiryStatus_${s}`)} ({data.counts[s].toLocaleString(lang)})
          </button>
        ))}
      </div>
      {change.error && (
        <p className="form-error" role="alert">
          {refusal(change.error)}
        </p>
      )}
      {data.enquiries.length === 0 ? (
        <p className="console__empty">{status ? t('noEnquiriesOfStatus') : t('noEnquiries')}</p>
      ) : (
        <ul className="console-enquiries" data-testid="enquiries">
          {data.enquiries.map((e) => (
            <li key={e.id} className="console-enquiry" data-testid={`enquiry-${e.id}`}>
              <div className="console-zone__head">
                <h3 className="console__subheading" {...devanagariMark(e.name)}>
                  {e.name}{' '}
                  <span className="console-enquiry__kind">
                    · {t(e.kind === 'institution' ? 'enquiryKindInstitution' : 'enquiryKindQuestion')}
                  </span>
                </h3>
                <span className={`console-state console-state--enquiry-${e.status}`} data-testid="enquiry-status">
                  {t(`enquiryStatus_${e.status}`)}
                </span>
              </div>
              <p className="console-enquiry__meta">
                <a href={`mailto:${e.email}`}>{e.email}</a> · <time dateTime={e.createdAt}>{when(e.createdAt)}</time>
                {all && ` · ${e.institution ?? t('enquiryNoInstitution')}`}
              </p>
              {details(e).length > 0 && <p className="console-enquiry__meta">{details(e).join(' · ')}</p>}
              <p className="console-enquiry__message">{e.message}</p>
              <div className="console-zone-form__actions">
                {NEXT[e.status].map((n) => (
                  <button
                    key={n.status}
                    type="button"
                    className={`button button--small${n.status === 'answered' ? '' : ' button--ghost'}`}
                    disabled={change.isPending}
                    onClick={() => change.mutate({ id: e.id, status: n.status })}
                  >
                    {t(n.text)}
                  </button>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="console-pager" aria-label={t('enquiryPages')}>
          <button type="button" className="button button--ghost button--small" disabled={page === 0} onClick={() => setPage(page - 1)}>
            {t('previous')}
          </button>
          <span>{t('pageOf', { page: page + 1, pages })}</span>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={page + 1 >= pages}
            onClick={() => setPage(page + 1)}
          >
            {t('next')}
          </button>
        </nav>
      )}
    </section>
  );
}

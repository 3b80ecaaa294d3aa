// The console's access requests: each institution ID waiting, with the image the server drew from
// it (fetched with the librarian's credentials), approved or refused with a reason the reader is
// sent.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { IdRequestRow } from '../../../shared/schemas/console-members';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import { consoleTexts } from './texts';
import { QueryProblem, statusOf, type SectionProps } from './ConsoleParts';
import { idImageQuery, idRequestsQuery, useDecideIdRequest } from './members-queries';
import { formatDay } from './dates';

/** A failed decision is shown from the mutation's own state. */
const noop = () => {};

export function RequestsSection({ institutionId }: SectionProps) {
  const { t } = useNamespaceTexts('console', consoleTexts);
  const requests = useQuery(idRequestsQuery(institutionId));
  // What was decided here, said once the request has left the list.
  const [done, setDone] = useState<string | null>(null);
  if (requests.error) return <QueryProblem error={requests.error} retry={requests.refetch} />;
  const list = requests.data?.requests;
  return (
    <section aria-labelledby="requests-title" className="console__section">
      <h2 id="requests-title" className="console__heading">
        {t('requestsTitle')}
      </h2>
      <p className="console__note">{t('requestsExplain')}</p>
      {done && (
        <p role="status" className="requests__done" data-testid="request-done">
          {done}
        </p>
      )}
      {!list ? (
        <span className="skeleton skeleton--title" aria-hidden="true" />
      ) : list.length ? (
        <ul className="requests" data-testid="requests">
          {list.map((r) => (
            <RequestItem key={r.id} institutionId={institutionId} r={r} onDone={setDone} />
          ))}
        </ul>
      ) : (
        <p className="console__empty" data-testid="requests-empty">
          {t('noRequests')}
        </p>
      )}
    </section>
  );
}

function RequestItem({ institutionId, r, onDone }: { institutionId: number; r: IdRequestRow; onDone: (text: string) => void }) {
  const { t, lang } = useNamespaceTexts('console', consoleTexts);
  const decide = useDecideIdRequest(institutionId);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const name = r.name || r.email || r.mobile || t('unnamed');
  // mutateAsync: the item leaves the list (the list is refreshed) before the answer is said.
  const approve = () =>
    decide
      .mutateAsync({ requestId: r.id, decision: 'approve' })
      .then((res) => onDone(res.told ? t('approved', { name }) : t('approvedNotTold', { name })), noop);
  const reject = (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim())
      decide
        .mutateAsync({ requestId: r.id, decision: 'reject', reason: reason.trim() })
        .then((res) => onDone(res.told ? t('rejected', { name }) : t('rejectedNotTold', { name })), noop);
  };
  return (
    <li className="requests__item console__panel" data-testid="request">
      <IdImage institutionId={institutionId} requestId={r.id} alt={t('imageAlt', { name })} />
      <div className="requests__body">
        <h3 className="console__subheading">{name}</h3>
        <p className="console__note">
          {[r.email, r.mobile].filter(Boolean).join(' · ')}
          <br />
          {t('requestSent', { date: formatDay(r.createdAt, lang) })}
        </p>
        {rejecting ? (
          <form onSubmit={reject} className="requests__reject">
            <label className="field">
              <span className="field__label">{t('rejectReason')}</span>
              <textarea
                className="field__input"
                value={reason}
                maxLength={500}
                rows={3}
                required
                onChange={(e) => setReason(e.target.value)}
              />
            </label>
            <div className="member__row">
              <button type="submit" className="button member__danger" disabled={!reason.trim() || decide.isPending}>
                {t('rejectSend')}
              </button>
              <button type="button" className="button button--ghost" onClick={() => setRejecting(false)}>
                {t('cancel')}
              </button>
            </div>
          </form>
        ) : (
          <div className="member__row">
            <button type="button" className="button" disabled={decide.isPending} onClick={approve}>
              {t('approve')}
            </button>
            <button type="button" className="button button--ghost" disabled={decide.isPending} onClick={() => setRejecting(true)}>
              {t('reject')}
            </button>
          </div>
        )}
        {decide.isError && (
          <p className="form-error" role="alert">
            {statusOf(decide.error) === 404 ? t('requestGone') : t('actionFailed')}
          </p>
        )}
      </div>
    </li>
  );
}

/** The ID's image, fetched with the librarian's credentials (as a data: URL, which needs no
 * clean-up when the request leaves the list). */
function IdImage({ institutionId, requestId, alt }: { institutionId: number; requestId: number; alt: string }) {
  const { t } = useNamespaceTexts('console', consoleTexts);
  const image = useQuery(idImageQuery(institutionId, requestId));
  if (image.error) return <p className="requests__image requests__image--missing">{t('imageFailed')}</p>;
  if (!image.data) return <span className="requests__image skeleton" aria-hidden="true" />;
  return (
    <div className="requests__image">
      <img src={image.data} alt={alt} data-testid="request-image" />
    </div>
  );
}

// Admins only: the e-mail domains waiting for a decision (claimed, not proven by DNS) and those
// kept from before ownership was checked, oldest first, each with Approve (a pending claim) and
// Refuse. Every decision is audited in the institution's activity log.
import { useQuery } from '@tanstack/react-query';
import { showToast } from '../../components/Toast';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import type { DomainReview } from '../../../shared/schemas/console-access';
import { domainReviewQuery, useDomainChange } from './access-queries';
import { consoleTexts } from './texts';
import { Problem, useRefusalText } from './ConsoleParts';
import { DomainState } from './DomainState';
import { formatDay } from './dates';

export function DomainsSection() {
  const { t } = useNamespaceTexts('console', consoleTexts);
  const review = useQuery(domainReviewQuery());
  if (review.error) return <Problem text={t('loadFailed')} retry={review.refetch} />;
  if (!review.data) return <span className="skeleton skeleton--title" aria-hidden="true" />;
  const { domains } = review.data;
  return (
    <section aria-labelledby="domain-review-title" className="console__section">
      <h2 id="domain-review-title" className="console__heading">
        {t('domainReview')}
      </h2>
      <p className="console__note">{t('domainReviewHelp')}</p>
      {domains.length ? (
        <ul className="console-domains console-domains--review" data-testid="domain-review">
          {domains.map((d) => (
            <ReviewRow key={`${d.institutionId}:${d.domain}`} claim={d} />
          ))}
        </ul>
      ) : (
        <p className="console__empty">{t('domainReviewEmpty')}</p>
      )}
    </section>
  );
}

function ReviewRow({ claim }: { claim: DomainReview['domains'][number] }) {
  const { t, lang } = useNamespaceTexts('console', consoleTexts);
  const refusal = useRefusalText();
  const approve = useDomainChange(claim.institutionId, 'approve');
  const refuse = useDomainChange(claim.institutionId, 'refuse');
  const names = { domain: claim.domain, institution: claim.institution };
  const busy = approve.isPending || refuse.isPending;
  const problem = approve.error ?? refuse.error;
  return (
    <li data-testid={`review-${claim.domain}`}>
      <div className="console-domain__head">
        <span className="console-domain__name">
          @{claim.domain} <span className="console-domain__owner">· {claim.institution}</span>
        </span>
        <DomainState domain={claim} />
      </div>
      <p className="console__note">
        {t('domainAddedOn')}: {formatDay(claim.addedAt, lang)}
      </p>
      <div className="console-form__actions">
        {claim.state === 'pending' && (
          <button
            type="button"
            className="button button--small"
            disabled={busy}
            aria-label={t('approveDomain', names)}
            onClick={() => approve.mutate(claim.domain, { onSuccess: () => showToast(t('domainApproved')) })}
          >
            {t('approve')}
          </button>
        )}
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={busy}
          aria-label={t('refuseDomain', names)}
          onClick={() => refuse.mutate(claim.domain, { onSuccess: () => showToast(t('domainRefused')) })}
        >
          {t('refuse')}
        </button>
      </div>
      {problem && (
        <p className="form-error" role="alert">
          {refusal(problem)}
        </p>
      )}
    </li>
  );
}

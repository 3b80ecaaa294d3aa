// The institution's campus ranges (IP authentication): readers on these networks read the
// institution's subscription without signing in. A librarian proposes a range (at most a /16 or
// an IPv6 /48, public addresses only); it counts once a Lectern admin approves it, here.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Field } from '../../components/Field';
import { showToast } from '../../components/Toast';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import { ipRangesQuery, useIpRangeChange } from './access-queries';
import { consoleTexts } from './texts';
import { QueryProblem, useRefusalText } from './ConsoleParts';
import { formatDay } from './dates';

export function IpRangesPanel({ institutionId, admin }: { institutionId: number; admin: boolean }) {
  const { t, lang } = useNamespaceTexts('console', consoleTexts);
  const refusal = useRefusalText();
  const [network, setNetwork] = useState('');
  const ranges = useQuery(ipRangesQuery(institutionId));
  const add = useIpRangeChange(institutionId);
  const change = useIpRangeChange(institutionId);
  if (ranges.error) return <QueryProblem error={ranges.error} retry={ranges.refetch} />;
  const onAdd = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(
      { add: network },
      {
        onSuccess: () => {
          setNetwork('');
          showToast(t(admin ? 'ipRangeAdded' : 'ipRangeProposed'));
        },
      },
    );
  };
  return (
    <section aria-labelledby="ip-ranges-title" className="console__section console__panel">
      <h2 id="ip-ranges-title" className="console__heading">
        {t('ipRanges')}
      </h2>
      <p className="console__note">{t('ipRangesHelp')}</p>
      {ranges.data?.ranges.length ? (
        <ul className="console-domains" data-testid="ip-ranges">
          {ranges.data.ranges.map((r) => (
            <li key={r.id} data-testid={`ip-range-${r.network}`}>
              <div className="console-domain__head">
                <code className="console-domain__name">{r.network}</code>
                <span className={`console-state console-state--domain-${r.state === 'approved' ? 'approved' : 'pending'}`}>
                  {r.state === 'approved'
                    ? t('ipRangeApproved', { date: formatDay(r.approvedAt!, lang) })
                    : t('ipRangeProposedBy', { who: r.proposedBy ?? '—' })}
                </span>
                {admin && r.state === 'proposed' && (
                  <button
                    type="button"
                    className="button button--small"
                    disabled={change.isPending}
                    onClick={() => change.mutate({ approve: r.id }, { onSuccess: () => showToast(t('ipRangeApprovedToast')) })}
                  >
                    {t('approve')}
                  </button>
                )}
                <button
                  type="button"
                  className="button button--ghost button--small"
                  disabled={change.isPending}
                  aria-label={t('removeIpRange', { network: r.network })}
                  onClick={() => change.mutate({ remove: r.id }, { onSuccess: () => showToast(t('ipRangeRemoved')) })}
                >
                  {t('remove')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        ranges.data && <p className="console__empty">{t('noIpRanges')}</p>
      )}
      {change.error && (
        <p className="form-error" role="alert">
          {refusal(change.error)}
        </p>
      )}
      <form className="console-form console-form--inline" onSubmit={onAdd} noValidate>
        <Field
          label={t(admin ? 'addIpRange' : 'proposeIpRange')}
          placeholder="203.0.113.0/24"
          value={network}
          onChange={(e) => setNetwork(e.target.value)}
          error={add.error ? refusal(add.error) : null}
          autoComplete="off"
          spellCheck={false}
          data-testid="ip-range-input"
        />
        <button type="submit" className="button" disabled={add.isPending || !network.trim()}>
          {t(admin ? 'add' : 'propose')}
        </button>
      </form>
    </section>
  );
}

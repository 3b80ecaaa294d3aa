// The institution's e-mail domains: readers who sign in with an address at a proven one join it.
// A domain added is pending until proven: the panel shows the DNS record to publish, copy-ready,
// and a Check now button; an admin may approve it instead (DomainsSection).
import { useState, type FormEvent } from 'react';
import { Field } from '../../components/Field';
import { showToast } from '../../components/Toast';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import type { InstitutionDomain } from '../../../shared/schemas/console-access';
import { useDomainChange } from './access-queries';
import { consoleTexts } from './texts';
import { useRefusalText } from './ConsoleParts';
import { DomainState } from './DomainState';

export function DomainsPanel({ institutionId, domains }: { institutionId: number; domains: InstitutionDomain[] }) {
  const { t } = useNamespaceTexts('console', consoleTexts);
  const refusal = useRefusalText();
  const [domain, setDomain] = useState('');
  const add = useDomainChange(institutionId, 'add');
  const remove = useDomainChange(institutionId, 'remove');
  const check = useDomainChange(institutionId, 'check');
  const onAdd = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(domain, {
      onSuccess: () => {
        setDomain('');
        showToast(t('domainAdded'));
      },
    });
  };
  const problem = remove.error ?? check.error;
  return (
    <section aria-labelledby="domains-title" className="console__section console__panel">
      <h2 id="domains-title" className="console__heading">
        {t('domains')}
      </h2>
      <p className="console__note">{t('domainsHelp')}</p>
      {domains.length ? (
        <ul className="console-domains" data-testid="domains">
          {domains.map((d) => (
            <li key={d.domain} data-testid={`domain-${d.domain}`}>
              <div className="console-domain__head">
                <span className="console-domain__name">@{d.domain}</span>
                <DomainState domain={d} />
                <button
                  type="button"
                  className="button button--ghost button--small"
                  disabled={remove.isPending}
                  aria-label={t('removeDomain', { domain: d.domain })}
                  onClick={() => remove.mutate(d.domain, { onSuccess: () => showToast(t('domainRemoved')) })}
                >
                  {t('remove')}
                </button>
              </div>
              {d.state === 'pending' && d.record && (
                <ProofRecord domain={d} checking={check.isPending} onCheck={() => check.mutate(d.domain)} />
              )}
              {d.state === 'taken' && <p className="console__note">{t('domainTakenHelp')}</p>}
            </li>
          ))}
        </ul>
      ) : (
        <p className="console__empty">{t('noDomains')}</p>
      )}
      {problem && (
        <p className="form-error" role="alert">
          {refusal(problem)}
        </p>
      )}
      <form className="console-form console-form--inline" onSubmit={onAdd} noValidate>
        <Field
          label={t('addDomain')}
          placeholder="college.edu"
          value={domain}
          onChange={(e) => setDomain(e.target.value)}
          error={add.error ? refusal(add.error) : null}
          autoComplete="off"
          spellCheck={false}
          data-testid="domain-input"
        />
        <button type="submit" className="button" disabled={add.isPending || !domain.trim()}>
          {t('add')}
        </button>
      </form>
    </section>
  );
}

/** The TXT record that proves a pending domain, each part with a copy button, and the last check. */
function ProofRecord({ domain, checking, onCheck }: { domain: InstitutionDomain; checking: boolean; onCheck: () => void }) {
  const { t, lang } = useNamespaceTexts('console', consoleTexts);
  const record = domain.record!;
  const copy = (text: string) =>
    navigator.clipboard.writeText(text).then(
      () => showToast(t('copied')),
      () => showToast(t('copyFailed')),
    );
  const rows: [string, string, boolean][] = [
    [t('recordName'), record.name, true],
    [t('recordType'), 'TXT', false],
    [t('recordValue'), record.value, true],
  ];
  const checkedAt =
    domain.checkedAt &&
    new Date(domain.checkedAt).toLocaleString(lang === 'hi' ? 'hi-IN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="console-domain__proof">
      <p className="console__note">{t('domainProofHelp')}</p>
      <dl className="console-creds console-domain__record" data-testid="domain-record">
        {rows.map(([label, value, copyable]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              <code>{value}</code>
              {copyable && (
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={t('copyLabel', { what: label })}
                  onClick={() => copy(value)}
                >
                  {t('copy')}
                </button>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {checkedAt && domain.checkResult !== 'found' && (
        <p className="console__note" role="status" data-testid="domain-check">
          {t(domain.checkResult === 'failed' ? 'domainCheckFailed' : 'domainCheckAbsent', { time: checkedAt })}
        </p>
      )}
      <button type="button" className="button button--small" disabled={checking} onClick={onCheck}>
        {checking ? t('checking') : t('checkNow')}
      </button>
    </div>
  );
}

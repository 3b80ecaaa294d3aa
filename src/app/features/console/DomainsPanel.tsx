// The institution's e-mail domains: readers who sign in with an address at one join it.
import { useState, type FormEvent } from 'react';
import { Field } from '../../components/Field';
import { showToast } from '../../components/Toast';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import { useDomainChange } from './access-queries';
import { consoleTexts } from './texts';
import { useRefusalText } from './ConsoleParts';

export function DomainsPanel({ institutionId, domains }: { institutionId: number; domains: string[] }) {
  const { t } = useNamespaceTexts('console', consoleTexts);
  const refusal = useRefusalText();
  const [domain, setDomain] = useState('');
  const add = useDomainChange(institutionId, 'add');
  const remove = useDomainChange(institutionId, 'remove');
  const onAdd = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(domain, {
      onSuccess: () => {
        setDomain('');
        showToast(t('domainAdded'));
      },
    });
  };
  return (
    <section aria-labelledby="domains-title" className="console__section console__panel">
      <h2 id="domains-title" className="console__heading">
        {t('domains')}
      </h2>
      <p className="console__note">{t('domainsHelp')}</p>
      {domains.length ? (
        <ul className="console-domains" data-testid="domains">
          {domains.map((d) => (
            <li key={d}>
              <span>@{d}</span>
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={remove.isPending}
                aria-label={t('removeDomain', { domain: d })}
                onClick={() => remove.mutate(d, { onSuccess: () => showToast(t('domainRemoved')) })}
              >
                {t('remove')}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="console__empty">{t('noDomains')}</p>
      )}
      {remove.error && (
        <p className="form-error" role="alert">
          {refusal(remove.error)}
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

// The institution's librarians: an admin grants the role to an existing account by its e-mail
// address, or removes it. Each change is in the activity log.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Field } from '../../components/Field';
import { showToast } from '../../components/Toast';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import { librariansQuery, useLibrarianChange } from './admin-queries';
import { consoleTexts } from './texts';
import { QueryProblem, useRefusalText } from './ConsoleParts';
import { devanagariMark } from '../../../shared/devanagari-font';

export function LibrariansPanel({ institutionId }: { institutionId: number }) {
  const { t } = useNamespaceTexts('console', consoleTexts);
  const refusal = useRefusalText();
  const [email, setEmail] = useState('');
  const list = useQuery(librariansQuery(institutionId));
  const grant = useLibrarianChange(institutionId, 'grant');
  const remove = useLibrarianChange(institutionId, 'remove');
  const onGrant = (e: FormEvent) => {
    e.preventDefault();
    grant.mutate(email, { onSuccess: () => (setEmail(''), showToast(t('librarianGranted'))) });
  };
  return (
    <section aria-labelledby="librarians-title" className="console__section console__panel">
      <h2 id="librarians-title" className="console__heading">
        {t('librarians')}
      </h2>
      {list.error ? (
        <QueryProblem error={list.error} retry={list.refetch} />
      ) : list.data?.librarians.length ? (
        <ul className="console-domains" data-testid="librarians">
          {list.data.librarians.map((l) => (
            <li key={l.email}>
              <span {...devanagariMark(l.name)}>
                {l.name ? `${l.name} · ` : ''}
                {l.email}
              </span>
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={remove.isPending}
                aria-label={t('removeLibrarian', { email: l.email })}
                onClick={() => remove.mutate(l.email, { onSuccess: () => showToast(t('librarianRemoved')) })}
              >
                {t('remove')}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        list.data && <p className="console__empty">{t('noLibrarians')}</p>
      )}
      {remove.error && (
        <p className="form-error" role="alert">
          {refusal(remove.error)}
        </p>
      )}
      <form className="console-form console-form--inline" onSubmit={onGrant} noValidate>
        <Field
          label={t('grantLibrarian')}
          hint={t('grantLibrarianHint')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={grant.error ? refusal(grant.error) : null}
          autoComplete="off"
          data-testid="librarian-email"
        />
        <button type="submit" className="button" disabled={grant.isPending || !email.trim()} data-testid="librarian-grant">
          {t('grant')}
        </button>
      </form>
    </section>
  );
}

// Admins only: a new institution with its org code, subscription, sections, country, age rating
// and limits. Made, the console opens its settings (single sign-on, librarians).
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Field } from '../../components/Field';
import { showToast } from '../../components/Toast';
import { useLocalePath } from '../../components/useLocalePath';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import { useCreateInstitution } from './admin-queries';
import { consoleTexts } from './texts';
import { useRefusalText } from './ConsoleParts';
import { InstitutionFields, bodyOf, formOf } from './InstitutionFields';
import { appPaths } from '../../../shared/app-paths';

export function NewInstitutionSection() {
  const { t } = useNamespaceTexts('console', consoleTexts);
  const refusal = useRefusalText();
  const navigate = useNavigate();
  const to = useLocalePath();
  const [name, setName] = useState('');
  const [orgCode, setOrgCode] = useState('');
  const [form, setForm] = useState(() => formOf(null));
  const create = useCreateInstitution();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { ...bodyOf(form), name, orgCode },
      {
        onSuccess: (made) => {
          showToast(t('institutionMade', { name: made.name }));
          navigate(to(appPaths.consoleSection(made.id, 'institution')));
        },
      },
    );
  };
  return (
    <section aria-labelledby="new-institution-title" className="console__section console__panel">
      <h2 id="new-institution-title" className="console__heading">
        {t('newInstitution')}
      </h2>
      <p className="console__note">{t('newInstitutionHelp')}</p>
      <form className="console-form" onSubmit={onSubmit} noValidate data-testid="new-institution">
        <div className="console-form__grid">
          <Field
            label={t('institutionName')}
            value={name}
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
            data-testid="inst-name"
          />
          <Field
            label={t('orgCode')}
            hint={t('orgCodeHint')}
            value={orgCode}
            maxLength={24}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setOrgCode(e.target.value.toUpperCase())}
            data-testid="inst-code"
          />
        </div>
        <InstitutionFields form={form} onChange={setForm} />
        {create.error && (
          <p className="form-error" role="alert">
            {refusal(create.error)}
          </p>
        )}
        <button type="submit" className="button" disabled={create.isPending} data-testid="inst-create">
          {t('createInstitution')}
        </button>
      </form>
    </section>
  );
}

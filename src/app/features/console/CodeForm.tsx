// Making access codes: one (of the librarian's choosing, or made up) or a batch, with a use limit
// per code, a last day and the sections they open (no more than the subscription has).
import { useState, type FormEvent } from 'react';
import { Field } from '../../components/Field';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import { OwnCode, type AccessCodeRow, type ConsoleAccess } from '../../../shared/schemas/console-access';
import { useCreateCodes } from './access-queries';
import { consoleTexts } from './texts';
import { useRefusalText } from './ConsoleParts';

const DAY_MS = 86_400_000;
/** A term's worth by default, never past the subscription. */
const suggestedEnd = (subscriptionEnds: string) =>
  [new Date(Date.now() + 90 * DAY_MS).toISOString().slice(0, 10), subscriptionEnds].sort()[0];

export function CodeForm({
  institutionId,
  access,
  onMade,
}: {
  institutionId: number;
  access: ConsoleAccess;
  onMade: (codes: AccessCodeRow[]) => void;
}) {
  const { t, lang } = useNamespaceTexts('console', consoleTexts);
  const refusal = useRefusalText();
  const sub = access.subscription;
  const [codeError, setCodeError] = useState<string | null>(null);
  const [today] = useState(() => new Date().toISOString().slice(0, 10));
  const [count, setCount] = useState('1');
  const [code, setCode] = useState('');
  const [uses, setUses] = useState('50');
  const [endsOn, setEndsOn] = useState(() => suggestedEnd(sub.endsOn));
  const [label, setLabel] = useState('');
  const [newspapers, setNewspapers] = useState(sub.newspapers);
  const [journals, setJournals] = useState(sub.journals);
  const create = useCreateCodes(institutionId);
  const many = Number(count) > 1;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const own = !many && code.trim() ? OwnCode.safeParse(code) : null;
    if (own && !own.success) return setCodeError(lang === 'en' ? own.error.issues[0].message : t('codeRule'));
    create.mutate(
      {
        count: Number(count),
        code: own?.data,
        maxUses: uses.trim() ? Number(uses) : null,
        endsOn,
        label,
        newspapers,
        journals,
      },
      { onSuccess: (made) => onMade(made.codes) },
    );
  };

  return (
    <form className="console-form" onSubmit={onSubmit} noValidate data-testid="code-form">
      <div className="console-form__grid">
        <Field
          label={t('codeCount')}
          type="number"
          inputMode="numeric"
          min={1}
          max={500}
          value={count}
          onChange={(e) => setCount(e.target.value)}
          data-testid="code-count"
        />
        <Field
          label={t('codeOwn')}
          hint={many ? t('codeOwnBatch') : t('codeOwnHint')}
          value={many ? '' : code}
          disabled={many}
          onChange={(e) => {
            setCode(e.target.value.toUpperCase());
            setCodeError(null);
          }}
          error={many ? null : codeError}
          autoComplete="off"
          spellCheck={false}
          data-testid="code-own"
        />
        <Field
          label={t('codeUses')}
          hint={t('codeUsesHint')}
          type="number"
          inputMode="numeric"
          min={1}
          value={uses}
          onChange={(e) => setUses(e.target.value)}
          data-testid="code-uses"
        />
        <Field
          label={t('codeEnds')}
          type="date"
          min={today}
          max={sub.endsOn}
          value={endsOn}
          onChange={(e) => setEndsOn(e.target.value)}
          data-testid="code-ends"
        />
        <Field
          label={t('codeLabel')}
          hint={t('codeLabelHint')}
          value={label}
          maxLength={80}
          onChange={(e) => setLabel(e.target.value)}
          data-testid="code-label"
        />
      </div>
      <fieldset className="console-form__sections">
        <legend className="field__label">{t('codeSections')}</legend>
        <label>
          <input type="checkbox" checked disabled /> {t('sectionMagazines')}
        </label>
        <label>
          <input type="checkbox" checked={newspapers} disabled={!sub.newspapers} onChange={(e) => setNewspapers(e.target.checked)} />{' '}
          {t('sectionNewspapers')}
        </label>
        <label>
          <input type="checkbox" checked={journals} disabled={!sub.journals} onChange={(e) => setJournals(e.target.checked)} />{' '}
          {t('sectionJournals')}
        </label>
        {!(sub.newspapers && sub.journals) && <p className="field__hint">{t('codeSectionsHint')}</p>}
      </fieldset>
      {create.error && (
        <p className="form-error" role="alert">
          {refusal(create.error)}
        </p>
      )}
      <button type="submit" className="button" disabled={create.isPending} data-testid="code-create">
        {many ? t('createCodes', { count: Number(count) }) : t('createCode')}
      </button>
    </form>
  );
}

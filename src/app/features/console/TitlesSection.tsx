// The console's Titles section: find a title (by name, ISSN or ISBN) and set the identifiers that
// knowledge bases and COUNTER reports match it by. The form checks each as it is typed, with the
// same module as the server, so a wrong check digit is said before anything is sent.
import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Field } from '../../components/Field';
import { showToast } from '../../components/Toast';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import { checkIdentifier } from '../../../shared/identifiers';
import type { ConsoleTitle } from '../../../shared/schemas/console-titles';
import { consoleTexts } from './texts';
import { QueryProblem, useRefusalText } from './ConsoleParts';
import { consoleTitlesQuery, useSaveIdentifiers } from './titles-queries';
import { devanagariMark } from '../../../shared/devanagari-font';

const FIELDS = ['printIssn', 'onlineIssn', 'isbn'] as const;

export function TitlesSection() {
  const { t } = useNamespaceTexts('console', consoleTexts);
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<number | null>(null);
  // Search once the librarian pauses.
  useEffect(() => {
    if (typed.trim() === q) return;
    const timer = setTimeout(() => {
      setQ(typed.trim());
      setPage(0);
    }, 250);
    return () => clearTimeout(timer);
  });
  const list = useQuery(consoleTitlesQuery(q, page));
  if (list.error && !list.data) return <QueryProblem error={list.error} retry={list.refetch} />;
  return (
    <section aria-labelledby="titles-title" className="console__section titles">
      <h2 id="titles-title" className="console__heading">
        {t('titles')}
      </h2>
      <p className="console__note">{t('titlesHelp')}</p>
      <label className="members__search">
        <span>{t('titlesSearch')}</span>
        <input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={100} data-testid="titles-search" />
      </label>
      {!list.data ? (
        <span className="skeleton skeleton--title" aria-hidden="true" />
      ) : list.data.titles.length ? (
        <ul className="titles__list" data-testid="titles-list">
          {list.data.titles.map((title) =>
            editing === title.mid ? (
              <IdentifiersForm key={title.mid} title={title} close={() => setEditing(null)} />
            ) : (
              <TitleItem key={title.mid} title={title} edit={() => setEditing(title.mid)} />
            ),
          )}
        </ul>
      ) : (
        <p className="console__empty">{t('titlesNone')}</p>
      )}
      {list.data && (page > 0 || list.data.more) && (
        <nav className="members__pages" aria-label={t('pages')}>
          <button type="button" className="button button--ghost button--small" disabled={page === 0} onClick={() => setPage(page - 1)}>
            {t('previous')}
          </button>
          <button type="button" className="button button--ghost button--small" disabled={!list.data.more} onClick={() => setPage(page + 1)}>
            {t('next')}
          </button>
        </nav>
      )}
    </section>
  );
}

function TitleItem({ title, edit }: { title: ConsoleTitle; edit: () => void }) {
  const { t } = useNamespaceTexts('console', consoleTexts);
  const ids = FIELDS.filter((f) => title[f]);
  return (
    <li className="titles__item" data-testid="title-row">
      <span className="titles__name" {...devanagariMark(title.name)}>
        {title.name}
      </span>
      <span className="titles__meta">
        {t(`titleKind_${title.type}`)} · {title.publisher}
      </span>
      <span className="titles__ids" translate="no">
        {ids.length ? ids.map((f) => `${t(`id_${f}`)} ${title[f]}`).join(' · ') : t('noIdentifiers')}
      </span>
      <button type="button" className="button button--ghost button--small" onClick={edit} data-testid="title-edit">
        {t('edit')}
      </button>
    </li>
  );
}

function IdentifiersForm({ title, close }: { title: ConsoleTitle; close: () => void }) {
  const { t, lang } = useNamespaceTexts('console', consoleTexts);
  const refusal = useRefusalText();
  const save = useSaveIdentifiers(title.mid);
  const [values, setValues] = useState<Record<(typeof FIELDS)[number], string>>({
    printIssn: title.printIssn ?? '',
    onlineIssn: title.onlineIssn ?? '',
    isbn: title.isbn ?? '',
  });
  const [shown, setShown] = useState(false); // errors show after the first try to save
  const errorOf = (field: (typeof FIELDS)[number]) => {
    const r = checkIdentifier(field, values[field]);
    if (r.ok) return null;
    return lang === 'en' ? r.message : t('badIdentifier', { field: t(`id_${field}`) });
  };
  const errors = Object.fromEntries(FIELDS.map((f) => [f, errorOf(f)]));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setShown(true);
    if (FIELDS.some((f) => errors[f])) return;
    save.mutate(values, {
      onSuccess: () => {
        showToast(t('identifiersSaved'));
        close();
      },
    });
  };
  return (
    <li className="titles__item titles__item--editing">
      <form className="console-form titles__form" onSubmit={onSubmit} noValidate data-testid="identifiers-form">
        <h3 className="console__subheading" {...devanagariMark(title.name)}>
          {title.name}
        </h3>
        {FIELDS.map((f) => (
          <Field
            key={f}
            label={t(`id_${f}`)}
            hint={t(`idHint_${f}`)}
            value={values[f]}
            maxLength={40}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setValues({ ...values, [f]: e.target.value })}
            error={shown ? errors[f] : null}
            data-testid={`id-${f}`}
          />
        ))}
        {save.error && (
          <p className="form-error" role="alert">
            {refusal(save.error)}
          </p>
        )}
        <div className="titles__actions">
          <button type="submit" className="button" disabled={save.isPending} data-testid="identifiers-save">
            {t('save')}
          </button>
          <button type="button" className="button button--ghost" onClick={close}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </li>
  );
}

// Adding members from a CSV file (email, name, optional access_until): the server checks every
// row first and the librarian sees each row's outcome (invite, already a member, or the error)
// before anything is written; Import then adds the rows that check out and mails the invitations.
import { useState } from 'react';
import { Link } from 'react-router';
import { IMPORT_MAX_CHARS, IMPORT_MAX_ROWS, type ImportPreview, type ImportResult } from '../../../shared/schemas/member-import';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import { consoleTexts } from './texts';
import { useRefusalText } from './ConsoleParts';
import { useImportMembers, usePreviewImport } from './members-queries';
import { formatDay } from './dates';
import { devanagariMark } from '../../../shared/devanagari-font';

export function MemberImport({ institutionId, back }: { institutionId: number; back: string }) {
  const { t, lang } = useNamespaceTexts('console', consoleTexts);
  const refusal = useRefusalText();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = usePreviewImport(institutionId);
  const run = useImportMembers(institutionId);
  const choose = async (file: File | undefined) => {
    setFileError(null);
    preview.reset();
    run.reset();
    setCsv(null);
    if (!file) return;
    if (file.size > IMPORT_MAX_CHARS * 4) return setFileError(t('importTooLarge', { kb: IMPORT_MAX_CHARS / 1024 }));
    const text = await file.text();
    setCsv(text);
    preview.mutate(text);
  };
  const p: ImportPreview | undefined = preview.data;
  const done: ImportResult | undefined = run.data;
  return (
    <section aria-labelledby="import-title" className="console__section console__panel member-import">
      <Link to={back} className="member__back" data-testid="import-back">
        ← {t('backToMembers')}
      </Link>
      <h2 id="import-title" className="console__heading">
        {t('importTitle')}
      </h2>
      <p className="console__note">{t('importHelp', { rows: IMPORT_MAX_ROWS, kb: IMPORT_MAX_CHARS / 1024 })}</p>
      <pre className="member-import__sample">
        {'email,name,access_until\nasha.rao@college.edu,Asha Rao,2026-12-31\nvikram@college.edu,Vikram Das,'}
      </pre>
      <label className="field">
        <span className="field__label">{t('importFile')}</span>
        <input type="file" accept=".csv,text/csv" onChange={(e) => void choose(e.target.files?.[0])} data-testid="import-file" />
      </label>
      {(fileError || preview.error) && (
        <p className="form-error" role="alert">
          {fileError ?? refusal(preview.error!)}
        </p>
      )}
      {preview.isPending && <span className="skeleton skeleton--title" aria-hidden="true" />}
      {p && !done && (
        <>
          <p role="status" data-testid="import-summary">
            {t('importSummary', { invite: p.invite, members: p.members, errors: p.errors })}
          </p>
          <div className="member-import__table-wrap">
            <table className="member-import__table" data-testid="import-rows">
              <thead>
                <tr>
                  <th scope="col">{t('importLine')}</th>
                  <th scope="col">{t('importEmail')}</th>
                  <th scope="col">{t('importName')}</th>
                  <th scope="col">{t('importUntil')}</th>
                  <th scope="col">{t('importOutcome')}</th>
                </tr>
              </thead>
              <tbody>
                {p.rows.map((r) => (
                  <tr key={r.line} className={r.status === 'error' ? 'member-import__error' : undefined}>
                    <td>{r.line}</td>
                    <td>{r.email}</td>
                    <td {...devanagariMark(r.name)}>{r.name}</td>
                    <td>{r.until && r.status !== 'error' ? formatDay(`${r.until}T00:00:00Z`, lang) : r.until}</td>
                    <td>{r.status === 'error' ? r.error : t(`importStatus_${r.status}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {p.invite > 0 ? (
            <button
              type="button"
              className="button"
              disabled={run.isPending || csv === null}
              onClick={() => csv !== null && run.mutate(csv)}
              data-testid="import-run"
            >
              {t('importRun', { count: p.invite })}
            </button>
          ) : (
            <p className="console__empty">{t('importNothing')}</p>
          )}
        </>
      )}
      {run.error && (
        <p className="form-error" role="alert">
          {refusal(run.error)}
        </p>
      )}
      {done && (
        <p role="status" className="member-import__done" data-testid="import-done">
          {t('importDone', { invited: done.invited, members: done.members, errors: done.errors })}
        </p>
      )}
    </section>
  );
}

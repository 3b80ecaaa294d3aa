// The institution's access codes: make them, see each one's usage and state, disable one, and
// export them all as CSV (for a mail merge or a notice board).
import { useState } from 'react';
import { showToast } from '../../components/Toast';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import type { AccessCodeRow, ConsoleAccess } from '../../../shared/schemas/console-access';
import { downloadCodesCsv, useDisableCode } from './access-queries';
import { consoleTexts } from './texts';
import { useRefusalText } from './ConsoleParts';
import { CodeForm } from './CodeForm';
import { useDay } from './useDay';

export function CodesPanel({ institutionId, access }: { institutionId: number; access: ConsoleAccess }) {
  const { t, lang } = useNamespaceTexts('console', consoleTexts);
  const refusal = useRefusalText();
  const day = useDay();
  const [made, setMade] = useState<AccessCodeRow[]>([]);
  const [exportFailed, setExportFailed] = useState(false);
  const disable = useDisableCode(institutionId);
  const number = (n: number) => n.toLocaleString(lang);
  const sectionsOf = (c: AccessCodeRow) =>
    [t('sectionMagazines'), c.newspapers && t('sectionNewspapers'), c.journals && t('sectionJournals')].filter(Boolean).join(', ');
  const exportCsv = () => {
    setExportFailed(false);
    downloadCodesCsv(institutionId).catch(() => setExportFailed(true));
  };

  return (
    <section aria-labelledby="codes-title" className="console__section console__panel">
      <h2 id="codes-title" className="console__heading">
        {t('codes')}
      </h2>
      <p className="console__note">{t('codesHelp')}</p>
      <CodeForm
        institutionId={institutionId}
        access={access}
        onMade={(codes) => {
          setMade(codes);
          showToast(t('codesMade', { count: codes.length }));
        }}
      />
      {made.length > 0 && (
        <div className="console-made" role="status">
          <p>{t('codesMade', { count: made.length })}</p>
          <ul data-testid="made-codes">
            {made.map((c) => (
              <li key={c.id}>
                <code>{c.code}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="console-codes__head">
        <h3 className="console__subheading">{t('codesList', { count: access.codeCount })}</h3>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={exportCsv}
          disabled={!access.codeCount}
          data-testid="codes-csv"
        >
          {t('exportCsv')}
        </button>
      </div>
      {exportFailed && (
        <p className="form-error" role="alert">
          {t('exportFailed')}
        </p>
      )}
      {disable.error && (
        <p className="form-error" role="alert">
          {refusal(disable.error)}
        </p>
      )}
      {access.codes.length ? (
        <table className="console-table" data-testid="codes">
          <thead>
            <tr>
              <th scope="col">{t('code')}</th>
              <th scope="col">{t('codeLabelShort')}</th>
              <th scope="col">{t('codeUsage')}</th>
              <th scope="col">{t('codeEndsShort')}</th>
              <th scope="col">{t('codeSections')}</th>
              <th scope="col">{t('codeState')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {access.codes.map((c) => (
              <tr key={c.id} data-testid={`code-${c.code}`}>
                <th scope="row" data-label={t('code')}>
                  <code>{c.code}</code>
                </th>
                <td data-label={t('codeLabelShort')}>{c.label || '—'}</td>
                <td data-label={t('codeUsage')} data-testid="code-usage">
                  {c.maxUses === null
                    ? t('usesNoLimit', { uses: number(c.uses) })
                    : t('usesOf', { uses: number(c.uses), max: number(c.maxUses) })}
                </td>
                <td data-label={t('codeEndsShort')}>{day(c.endsOn)}</td>
                <td data-label={t('codeSections')}>{sectionsOf(c)}</td>
                <td data-label={t('codeState')}>
                  <span className={`console-state console-state--${c.status}`} data-testid="code-status">
                    {t(`codeStatus_${c.status}`)}
                  </span>
                </td>
                <td>
                  {c.status !== 'disabled' && (
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      disabled={disable.isPending}
                      aria-label={t('disableCode', { code: c.code })}
                      onClick={() => disable.mutate(c.id, { onSuccess: () => showToast(t('codeDisabled', { code: c.code })) })}
                    >
                      {t('disable')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="console__empty">{t('noCodes')}</p>
      )}
      {access.codeCount > access.codes.length && <p className="console__note">{t('codesNewest', { count: access.codes.length })}</p>}
    </section>
  );
}

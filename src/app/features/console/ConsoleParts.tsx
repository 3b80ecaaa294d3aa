// What every console section shares: its props, the problem box, the HTTP status of an error.
import { ApiError } from '../../lib/api';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import { consoleTexts, type ConsoleTextKey } from './texts';
import type { ConsoleMe } from '../../../shared/schemas/console';

/** Every section gets the institution chosen (0 when the address has no valid id) and the caller's role. */
export interface SectionProps {
  institutionId: number;
  me: ConsoleMe;
}

export const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : 0);

export function Problem({ text, retry }: { text: string; retry?: () => unknown }) {
  const { t } = useNamespaceTexts('console', consoleTexts);
  return (
    <div className="console__problem" role="alert" data-testid="console-problem">
      <p>{text}</p>
      {retry && (
        <button type="button" className="button button--ghost" onClick={() => retry()}>
          {t('retry')}
        </button>
      )}
    </div>
  );
}

/** A section's data could not be loaded: another institution's (403), none such (404, 400), or a
 * failure worth another try. */
export function QueryProblem({ error, retry }: { error: unknown; retry: () => unknown }) {
  const { t } = useNamespaceTexts('console', consoleTexts);
  const status = statusOf(error);
  if (status === 403) return <Problem text={t('otherInstitution')} />;
  if (status === 404 || status === 400) return <Problem text={t('noInstitution')} />;
  return <Problem text={t('loadFailed')} retry={retry} />;
}

/** The words for a refused change: in English the server's own message (it names the domain,
 * the date), in Hindi the console's text for the error's code when it has one. */
export function useRefusalText() {
  const { t, lang } = useNamespaceTexts('console', consoleTexts);
  return (error: Error) =>
    lang === 'en' || !(error instanceof ApiError)
      ? error.message
      : t(`error_${error.code}` as ConsoleTextKey, { defaultValue: error.message });
}

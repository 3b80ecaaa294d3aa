// The way on from "your access has ended" or "you have no access": an access code, or a mail
// to the institution's librarian (its contact when known; otherwise the reader addresses it).
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '../../components/useLocalePath';
import { libraryDetails, storedUser } from '../../lib/session';
import './next-steps.css';
import { appPaths } from '../../../shared/app-paths';

export function useLibrarianMail(): string {
  const { t } = useTranslation();
  const user = storedUser();
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  const subject = encodeURIComponent(t('nextSteps.mailSubject'));
  const body = encodeURIComponent(t('nextSteps.mailBody', { name: name || user?.email || '' }));
  return `mailto:${libraryDetails()?.contact ?? ''}?subject=${subject}&body=${body}`;
}

/** "Enter an access code" and "Ask my librarian", as links beside a dialog's Ok or in a banner. */
export function NextSteps() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const mail = useLibrarianMail();
  return (
    <span className="next-steps" data-testid="next-steps">
      <Link className="button button--ghost" to={to(appPaths.accessCode)} data-testid="enter-access-code">
        {t('nextSteps.accessCode')}
      </Link>
      <a className="button button--ghost" href={mail} data-testid="ask-librarian">
        {t('nextSteps.askLibrarian')}
      </a>
    </span>
  );
}

// The install card (browsers with an install prompt) and the iOS sheet (Add to Home Screen by
// hand). A named region, not a dialog: it never takes focus from what the reader is doing.
// It shows on home from the reader's second session on (state.ts), or after a first download
// (wherever the reader is then), never on a sign-in, account or reader screen; Not now holds
// for 30 days (state.ts).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { stripLocale } from '../lib/locale';
import { dismissInstall, promptInstall, returning, useDismissed, useInstallMoment, useInstallWay } from './state';
import './install.css';

function ShareIcon() {
  // The iOS Share symbol, so the step shows what to look for.
  return (
    <svg className="install__share" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path d="M12 3v12M7.5 7.5 12 3l4.5 4.5M6 11H5v10h14V11h-1" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}

export default function InstallCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const way = useInstallWay();
  const moment = useInstallMoment();
  const dismissed = useDismissed();
  const atHome = stripLocale(useLocation().pathname) === '/';
  const install = async () => {
    // Cancelling the browser's dialog counts as Not now.
    if (!(await promptInstall())) dismissInstall();
  };
  if (!way || !((atHome && returning) || moment) || dismissed) return null;
  return (
    <section className="install" aria-labelledby={titleId} data-testid={way === 'ios' ? 'install-ios' : 'install-card'}>
      <h2 id={titleId} className="install__title">
        {t('install.title')}
      </h2>
      <p className="install__why">{t('install.why')}</p>
      {way === 'ios' && (
        <ol className="install__steps">
          <li>
            {t('install.iosShare')} <ShareIcon />
          </li>
          <li>{t('install.iosAdd')}</li>
          <li>{t('install.iosOpen')}</li>
        </ol>
      )}
      <div className="install__actions">
        {way === 'prompt' && (
          <button type="button" className="button button--small" onClick={() => void install()}>
            {t('install.install')}
          </button>
        )}
        <button type="button" className="button button--ghost button--small" onClick={dismissInstall}>
          {t('install.notNow')}
        </button>
      </div>
    </section>
  );
}

// The profile dropdown of spec §2: the account items (fewer for guests), a help mail link and
// Logout. It closes on a click outside the header or on Escape.
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL } from '../../shared/constants';
import { INFO_LINKS, accountLinks } from './accountLinks';
import { session } from '../lib/session';
import { useLocalePath } from './useLocalePath';
import { appPaths } from '../../shared/app-paths';
import { useLogout } from './useLogout';

export default function ProfileMenu({ onClose, header }: { onClose: () => void; header: React.RefObject<HTMLElement | null> }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const logout = useLogout();
  useEffect(() => {
    const outside = (e: MouseEvent) => {
      if (!header.current?.contains(e.target as Node)) onClose();
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [header, onClose]);

  return (
    <div className="profile-menu" id="profile-menu" data-testid="profile-menu">
      <p className="profile-menu__name">{session.userName() ?? t('sideMenu.guest')}</p>
      {accountLinks().map((l) => (
        <Link key={l.key} to={to(l.to)} onClick={onClose} className="profile-menu__item">
          {t(`account.links.${l.key}`)}
        </Link>
      ))}
      {/* Not account items of the spec: the reader's shelf and this device's downloads. */}
      <Link to={to(appPaths.shelf)} onClick={onClose} className="profile-menu__item">
        {t('nav.shelf')}
      </Link>
      <Link to={to(appPaths.downloads)} onClick={onClose} className="profile-menu__item">
        {t('account.links.downloads')}
      </Link>
      <hr className="profile-menu__rule" />
      {INFO_LINKS.map((l) => (
        <Link key={l.key} to={to(l.to)} onClick={onClose} className="profile-menu__item profile-menu__item--quiet">
          {t(`info.${l.key}`)}
        </Link>
      ))}
      <a className="profile-menu__item profile-menu__item--quiet" href={`mailto:${SUPPORT_EMAIL}`}>
        {t('account.help')}
      </a>
      <button
        type="button"
        className="profile-menu__item profile-menu__logout"
        onClick={() => {
          onClose();
          void logout();
        }}
      >
        {t('account.logout')}
      </button>
    </div>
  );
}

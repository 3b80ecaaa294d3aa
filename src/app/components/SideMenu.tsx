// Side menu of spec §2: language button and panel, the reader's name, the main links.
// Closes on Escape or an outside click, traps focus and locks the page scroll while open.
import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../shared/constants';
import { localeOf, localisedPath } from '../lib/locale';
import { session } from '../lib/session';
import { CloseIcon, ChevronLeft, GlobeIcon } from './Icons';
import { visibleNavLinks } from './navLinks';

/** The side menu's links in the spec's order (§2), not the header's. */
const SIDE_MENU_ORDER: string[] = ['home', 'magazines', 'stories', 'newspapers', 'journals'];
import { useLocalePath } from './useLocalePath';
import { useLogout } from './useLogout';
import { useFocusTrap } from './useFocusTrap';
import { appPaths } from '../../shared/app-paths';

export function SideMenu({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const to = useLocalePath();
  const [panel, setPanel] = useState<'menu' | 'language'>('menu');
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, onClose);
  const locale = localeOf(pathname);
  const logout = useLogout();

  const choose = (l: Locale) => {
    onClose();
    if (l !== locale) navigate(localisedPath(pathname, l) + search);
  };

  return (
    <div className="side-menu__backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()} data-testid="side-menu-backdrop">
      <div className="side-menu" role="dialog" aria-modal="true" aria-label={t('sideMenu.title')} ref={ref}>
        {panel === 'menu' ? (
          <>
            <div className="side-menu__top">
              <button type="button" className="chip-button" onClick={() => setPanel('language')} aria-label={t('sideMenu.language')}>
                <GlobeIcon /> {locale.toUpperCase()}
              </button>
              <button type="button" className="icon-button" onClick={onClose} aria-label={t('sideMenu.close')}>
                <CloseIcon />
              </button>
            </div>
            <p className="side-menu__user">{session.userName() ?? t('sideMenu.guest')}</p>
            <nav className="side-menu__links">
              {visibleNavLinks()
                .sort((a, b) => SIDE_MENU_ORDER.indexOf(a.key) - SIDE_MENU_ORDER.indexOf(b.key))
                .map((l) => (
                  <Link key={l.key} to={to(l.to)} onClick={onClose}>
                    {t(`nav.${l.key}`)}
                  </Link>
                ))}
              {/* Not header links of the spec: the side menu's own. */}
              {session.isLoggedIn() && (
                <>
                  <Link to={to(appPaths.shelf)} onClick={onClose}>
                    {t('nav.shelf')}
                  </Link>
                  <Link to={to(appPaths.downloads)} onClick={onClose}>
                    {t('account.links.downloads')}
                  </Link>
                </>
              )}
              <Link to={to(appPaths.zone)} onClick={onClose}>
                {t('sideMenu.readingZone')}
              </Link>
            </nav>
            {session.isLoggedIn() ? (
              <button
                type="button"
                className="button button--ghost side-menu__session"
                onClick={() => {
                  onClose();
                  void logout();
                }}
              >
                {t('account.logout')}
              </button>
            ) : (
              <Link className="button side-menu__session" to={to(appPaths.login)} onClick={onClose}>
                {t('header.signIn')}
              </Link>
            )}
          </>
        ) : (
          <>
            <div className="side-menu__top">
              <button type="button" className="chip-button" onClick={() => setPanel('menu')}>
                <ChevronLeft /> {t('sideMenu.back')}
              </button>
              <button type="button" className="icon-button" onClick={onClose} aria-label={t('sideMenu.close')}>
                <CloseIcon />
              </button>
            </div>
            <h2 className="side-menu__heading">{t('sideMenu.languageTitle')}</h2>
            <ul className="language-list">
              {(['en', 'hi'] as const).map((l) => (
                <li key={l}>
                  <button type="button" className="language-option" aria-pressed={l === locale} onClick={() => choose(l)} lang={l}>
                    {l === 'en' ? t('sideMenu.english') : t('sideMenu.hindi')} <span>({l})</span>
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}

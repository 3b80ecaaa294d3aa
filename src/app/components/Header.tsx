// Header of spec §2: links with the active page named, menu, search and profile buttons.
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Suspense, lazy, useCallback, useRef, useState } from 'react';
import { libraryDetails, session, useSessionVersion } from '../lib/session';
// Loaded when first opened: most visits never open it.
const ProfileMenu = lazy(() => import('./ProfileMenu'));
import { stripLocale } from '../lib/locale';
import { MenuIcon, SearchIcon, UserIcon } from './Icons';
import { NAV_LINKS, visibleNavLinks } from './navLinks';
import { useLocalePath } from './useLocalePath';
import { appPaths } from '../../shared/app-paths';

export function Header({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const to = useLocalePath();
  const bare = stripLocale(pathname);
  const active = NAV_LINKS.find((l) => l.match(bare));

  const headerRef = useRef<HTMLElement>(null);
  const [profileOpen, setProfileOpen] = useState(false);
  const closeProfile = useCallback(() => setProfileOpen(false), []);
  useSessionVersion();
  const loggedIn = session.isLoggedIn();
  const library = loggedIn ? libraryDetails() : null;

  // A signed-in reader goes to search, and the access guard sends one with no library or an
  // expired one on to the /validate-user screen that says what to do; others sign in first.
  const goSearch = () => navigate(to(session.isLoggedIn() ? appPaths.search : appPaths.login));
  const goProfile = () => (loggedIn ? setProfileOpen((o) => !o) : navigate(to(appPaths.login)));

  return (
    <header className="site-header" ref={headerRef}>
      <a className="skip-link" href="#main">
        {t('header.skipToContent')}
      </a>
      <div className="site-header__bar">
        <button type="button" className="icon-button" onClick={onOpenMenu} aria-label={t('header.openMenu')} data-testid="open-menu">
          <MenuIcon />
        </button>
        <Link to={to('/')} className="brand" aria-label={t('brand.name')}>
          {/* The "L" is drawn by CSS: as text it would be part of the link's visible label but not of its name (WCAG 2.5.3). */}
          <span className="brand__mark" aria-hidden="true" />
          <span className="brand__name">{t('brand.name')}</span>
        </Link>
        {library?.logo1 && (
          <span className="library-brand" data-testid="library-brand">
            <img
              src={library.logo1}
              srcSet={`${library.logo1} 1x, ${library.logo2} 2x, ${library.logo3} 3x`}
              alt={library.name}
              width={96}
              height={32}
            />
          </span>
        )}
        <nav className="site-nav" aria-label={t('nav.main')}>
          {visibleNavLinks().map((l) => (
            <Link key={l.key} to={to(l.to)} className="site-nav__link" aria-current={active?.key === l.key ? 'page' : undefined}>
              {t(`nav.${l.key}`)}
            </Link>
          ))}
        </nav>
        {active && (
          <span className="visually-hidden" data-testid="active-page">
            {t(`pageNames.${active.page}`)}
          </span>
        )}
        <div className="site-header__actions">
          <button type="button" className="icon-button" onClick={goSearch} aria-label={t('header.search')}>
            <SearchIcon />
          </button>
          <button
            type="button"
            className="icon-button"
            onClick={goProfile}
            data-testid="profile-button"
            aria-label={loggedIn ? t('header.profile') : t('header.signIn')}
            aria-expanded={loggedIn ? profileOpen : undefined}
            aria-controls={profileOpen ? 'profile-menu' : undefined}
          >
            <UserIcon />
          </button>
          {profileOpen && (
            <Suspense fallback={null}>
              <ProfileMenu onClose={closeProfile} header={headerRef} />
            </Suspense>
          )}
        </div>
      </div>
    </header>
  );
}

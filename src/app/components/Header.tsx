// Header of spec §2: links with the active page named, menu, search and profile buttons.
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { session } from '../lib/session';
import { stripLocale } from '../lib/locale';
import { MenuIcon, SearchIcon, UserIcon } from './Icons';
import { NAV_LINKS } from './navLinks';
import { useLocalePath } from './useLocalePath';

export function visibleNavLinks() {
  return NAV_LINKS.filter((l) => (l.key !== 'journals' || session.showsJournals()) && (l.key !== 'newspapers' || session.showsNewspapers()));
}

export function Header({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const to = useLocalePath();
  const bare = stripLocale(pathname);
  const active = NAV_LINKS.find((l) => l.match(bare));

  // The search overlay and the profile menu come with their own issues; until a reader is
  // signed in, both lead to sign-in as the spec says.
  const goSearch = () => navigate(to(session.canSearch() ? '/search' : '/login'));
  const goProfile = () => navigate(to(session.isLoggedIn() ? '/dashboard' : '/login'));

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">{t('header.skipToContent')}</a>
      <div className="site-header__bar">
        <button type="button" className="icon-button" onClick={onOpenMenu} aria-label={t('header.openMenu')} data-testid="open-menu">
          <MenuIcon />
        </button>
        <Link to={to('/')} className="brand" aria-label={t('brand.name')}>
          <span className="brand__mark" aria-hidden="true">L</span>
          <span className="brand__name">{t('brand.name')}</span>
        </Link>
        <nav className="site-nav" aria-label={t('nav.main')}>
          {visibleNavLinks().map((l) => (
            <Link key={l.key} to={to(l.to)} className="site-nav__link" aria-current={active?.key === l.key ? 'page' : undefined}>
              {t(`nav.${l.key}`)}
            </Link>
          ))}
        </nav>
        {active && <span className="visually-hidden" data-testid="active-page">{t(`pageNames.${active.page}`)}</span>}
        <div className="site-header__actions">
          <button type="button" className="icon-button" onClick={goSearch} aria-label={t('header.search')}>
            <SearchIcon />
          </button>
          <button type="button" className="icon-button" onClick={goProfile} aria-label={session.isLoggedIn() ? t('header.profile') : t('header.signIn')}>
            <UserIcon />
          </button>
        </div>
      </div>
    </header>
  );
}

// The phone's bottom tab bar: Home, Browse, Search, My Shelf, Account, as readers of
// the big reading apps expect. Loaded after the first paint, on narrow screens only (Layout).
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '../../components/useLocalePath';
import { session, useSessionVersion } from '../../lib/session';
import { BROWSE_PATH, SHELF_PATH } from './paths';
import './tabbar.css';
import { appPaths } from '../../../shared/app-paths';

const icon = (d: string) => (
  <svg
    width="24"
    height="24"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d={d} />
  </svg>
);
const ICONS = {
  home: icon('M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z'),
  browse: icon('M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z'),
  search: icon('M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-3.5-3.5'),
  shelf: icon('M5 4v16M10 4v16M15 5l4 15M3 20h18'),
  account: icon('M12 4a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM4 21c1.5-4 4.5-6 8-6s6.5 2 8 6'),
};

export default function TabBar() {
  const { t } = useTranslation();
  const to = useLocalePath();
  useSessionVersion();
  const tabs = [
    { key: 'home', label: 'nav.home', path: '/', end: true },
    { key: 'browse', label: 'tabBar.browse', path: BROWSE_PATH, end: false },
    { key: 'search', label: 'header.search', path: appPaths.search, end: false },
    { key: 'shelf', label: 'nav.shelf', path: SHELF_PATH, end: false },
    { key: 'account', label: 'account.menu', path: session.isLoggedIn() ? appPaths.dashboard : appPaths.login, end: false },
  ] as const;
  return (
    <nav className="tab-bar" aria-label={t('tabBar.label')} data-testid="tab-bar">
      {tabs.map((tab) => (
        <NavLink key={tab.key} to={to(tab.path)} end={tab.end} className="tab-bar__tab" data-testid={`tab-${tab.key}`}>
          {ICONS[tab.key]}
          <span>{t(tab.label)}</span>
        </NavLink>
      ))}
    </nav>
  );
}

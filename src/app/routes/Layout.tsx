// The page frame: header, side menu, the zone banner, the routed screen, footer, and the update prompt.
import { Suspense, lazy, startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Header } from '../components/Header';
import { UpdatePrompt } from '../pwa/UpdatePrompt';
import { InstallSlot } from '../pwa/InstallSlot';
import { localeOf, stripLocale } from '../lib/locale';
import { loadScreenTexts, setLocale } from '../lib/i18n';
import { TextsProvider } from '../lib/texts';
import { accessRedirect, accessState } from '../lib/access';
import { passesAsked, passesChecked, usePassesVersion } from '../lib/zone-pass';
import { useQueryClient } from '@tanstack/react-query';
import { session, useSessionVersion, zoneLocation } from '../lib/session';
import { Toaster } from '../components/Toast';
import { OfflineBanner } from '../components/OfflineBanner';
import { useScrollMemory } from '../components/useScrollMemory';
import { INFO_LINKS } from '../components/accountLinks';
import { useLocalePath } from '../components/useLocalePath';
import { LoadingSlot, usePendingScreen } from '../components/PendingScreen';
import { appPaths } from '../../shared/app-paths';
import { afterStart, useAfterStart } from '../lib/after-start';

// The Smart Reading Zone banner and position watcher: a chunk of its own, loaded once the first
// screen is taken over (lib/after-start.ts) and only for a signed-in reader (passes need one) or
// one who shares a location.
const ZoneRuntime = lazy(() => import('../features/zone/ZoneRuntime'));
function ZoneSlot() {
  useSessionVersion();
  const started = useAfterStart();
  if (!started || !(session.isLoggedIn() || zoneLocation.consented())) return null;
  return (
    <Suspense fallback={null}>
      <ZoneRuntime />
    </Suspense>
  );
}

// The side menu shows only when opened: a chunk of its own, out of the first load.
const SideMenu = lazy(() => import('../components/SideMenu').then((m) => ({ default: m.SideMenu })));

// The phone's bottom tab bar: a chunk of its own, loaded after the first paint on narrow screens.
const TabBar = lazy(() => Promise.all([import('../features/shelf/TabBar'), loadScreenTexts()]).then(([m]) => m));
function TabSlot() {
  const [phone, setPhone] = useState(false);
  useEffect(() => {
    const narrow = matchMedia('(max-width: 719px)');
    // In a transition: an update from a timer is drawn at once and whole, and the tab bar's first
    // drawing (its code and texts asked for, its links) was a task of 70-170 ms at 4x CPU.
    const follow = () => startTransition(() => setPhone(narrow.matches));
    const id = setTimeout(follow, 0);
    narrow.addEventListener('change', follow);
    return () => {
      clearTimeout(id);
      narrow.removeEventListener('change', follow);
    };
  }, []);
  return phone ? (
    <Suspense fallback={null}>
      <TabBar />
    </Suspense>
  ) : null;
}

export function Layout() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const locale = localeOf(pathname);
  const to = useLocalePath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useScrollMemory();
  const pending = usePendingScreen();
  // Spec §4 app access, evaluated on every page load and navigation (not when the session
  // changes on a page: logging out decides itself where to go). A running zone pass is access: a
  // reader who would be turned away waits for the first passes answer of the page load (a request
  // from a zone's Wi-Fi starts the pass), then the rules run again with it.
  const checked = passesChecked();
  usePassesVersion();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `checked`: the rules run again once the first passes answer is in
  const redirect = useMemo(() => accessRedirect(stripLocale(pathname), accessState()), [pathname, checked]);
  const waitForPass = !!redirect?.to.startsWith(appPaths.validateUser) && !checked && navigator.onLine;
  useEffect(() => {
    if (!waitForPass) return;
    void import('../features/zone/queries').then((m) => queryClient.fetchQuery(m.passesQuery())).catch(() => passesAsked());
  }, [waitForPass, queryClient]);
  useEffect(() => {
    if (!redirect || waitForPass) return;
    void navigate(to(redirect.to), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [redirect, waitForPass]);
  useEffect(() => {
    // Only a signed-in device refreshes (a guest's session is checked); the sign-in code loads
    // then, not on every first visit, and after the start.
    if (session.isLoggedIn())
      void afterStart()
        .then(() => import('../features/login/flow'))
        .then((m) => m.startSession(navigate, to));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (i18n.language !== locale) void setLocale(locale);
  }, [locale, i18n]);

  return (
    <TextsProvider>
      <Header onOpenMenu={() => setMenuOpen(true)} />
      {menuOpen && (
        <Suspense fallback={null}>
          <SideMenu onClose={closeMenu} />
        </Suspense>
      )}
      <OfflineBanner />
      <ZoneSlot />
      <main id="main" tabIndex={-1}>
        {redirect ? null : pending ? <LoadingSlot path={pending} /> : <Outlet />}
      </main>
      <footer className="site-footer">
        <nav className="site-footer__links" aria-label={t('info.nav')}>
          {INFO_LINKS.map((l) => (
            <Link key={l.key} to={to(l.to)}>
              {t(`info.${l.key}`)}
            </Link>
          ))}
        </nav>
        <p>{t('footer.rights')}</p>
      </footer>
      <TabSlot />
      <InstallSlot />
      <UpdatePrompt />
      <Toaster />
    </TextsProvider>
  );
}

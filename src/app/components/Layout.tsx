// The page frame: header, side menu, the routed screen, footer, and the update prompt.
import { useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Header } from './Header';
import { SideMenu } from './SideMenu';
import { UpdatePrompt } from '../pwa/UpdatePrompt';
import { localeOf } from '../lib/locale';
import { setLocale } from '../lib/i18n';

export function Layout() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const locale = localeOf(pathname);
  useEffect(() => {
    if (i18n.language !== locale) void setLocale(locale);
  }, [locale, i18n]);

  return (
    <>
      <Header onOpenMenu={() => setMenuOpen(true)} />
      {menuOpen && <SideMenu onClose={closeMenu} />}
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>{t('footer.rights')}</p>
      </footer>
      <UpdatePrompt />
    </>
  );
}

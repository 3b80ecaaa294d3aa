// The account area's frame: the account menu beside the page.
import './account.css';
import { useEffect, useRef, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '../../components/useLocalePath';
import { useLogout } from '../../components/useLogout';
import { useQuery } from '@tanstack/react-query';
import { accountAreaLinks } from '../../components/accountLinks';
import { detailsQuery } from './queries';
import { appPaths } from '../../../shared/app-paths';

export function AccountLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const logout = useLogout();
  const details = useQuery(detailsQuery());
  // On a phone the menu is one scrolling row: the current page's tab is brought into view.
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = nav.current;
    const active = el?.querySelector<HTMLElement>('.active');
    if (el && active)
      el.scrollLeft += active.getBoundingClientRect().left - el.getBoundingClientRect().left - (el.clientWidth - active.offsetWidth) / 2;
  }, []);
  return (
    <div className="account">
      <nav className="account__nav" aria-label={t('account.menu')} ref={nav}>
        {accountAreaLinks().map((l) => (
          <NavLink key={l.key} to={to(l.to)} className="account__link">
            {t(`account.links.${l.key}`)}
          </NavLink>
        ))}
        {/* For a librarian or admin, whose details say so. */}
        {details.data?.consoleRole && (
          <NavLink to={to(appPaths.console)} className="account__link">
            {t('libraryConsole.link')}
          </NavLink>
        )}
        <button type="button" className="account__link account__logout" onClick={() => logout()}>
          {t('account.logout')}
        </button>
      </nav>
      <section className="account__page" aria-labelledby="account-title">
        <h1 id="account-title" className="account__title">
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}

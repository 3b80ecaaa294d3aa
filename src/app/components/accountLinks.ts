// The account menu of spec §2 (guests lack Email Preference and Manage Password), shared by the
// account area and the profile dropdown.
import { isGuest } from '../lib/session';
import { appPaths } from '../../shared/app-paths';

export const ACCOUNT_LINKS = [
  { key: 'myAccount', to: appPaths.myAccount, guests: true },
  { key: 'emailPreference', to: appPaths.emailPreference, guests: false },
  { key: 'managePassword', to: appPaths.managePassword, guests: false },
  { key: 'myFavorites', to: appPaths.myFavorites, guests: true },
] as const;

export function accountLinks() {
  const guest = isGuest();
  return ACCOUNT_LINKS.filter((l) => l.guests || !guest);
}

/** The account area also lists the downloads of this device (not a menu item of the spec). */
export const accountAreaLinks = () => [...accountLinks(), { key: 'downloads', to: appPaths.downloads, guests: true } as const];

/** The information pages the account menu lists after the account items (spec §2). */
export const INFO_LINKS = [
  { key: 'faq', to: appPaths.faq },
  { key: 'privacy', to: appPaths.privacy },
  { key: 'terms', to: appPaths.terms },
  { key: 'help', to: appPaths.help },
  { key: 'contact', to: appPaths.contact },
] as const;

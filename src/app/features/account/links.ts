// The account menu of spec §2 (guests lack Email Preference and Manage Password), shared by the
// account area and the profile dropdown.
import { isGuest } from '../../lib/session';

export const ACCOUNT_LINKS = [
  { key: 'myAccount', to: '/dashboard/myAccount', guests: true },
  { key: 'emailPreference', to: '/dashboard/email-preference', guests: false },
  { key: 'managePassword', to: '/dashboard/manage-password', guests: false },
  { key: 'myFavorites', to: '/dashboard/myFavorites', guests: true },
] as const;

export function accountLinks() {
  const guest = isGuest();
  return ACCOUNT_LINKS.filter((l) => l.guests || !guest);
}

/** The account area also lists the downloads of this device (not a menu item of the spec). */
export const accountAreaLinks = () => [...accountLinks(), { key: 'downloads', to: '/dashboard/downloads', guests: true } as const];

/** The information pages the account menu lists after the account items (spec §2). */
export const INFO_LINKS = [
  { key: 'faq', to: '/faq' },
  { key: 'privacy', to: '/privacy-policy' },
  { key: 'terms', to: '/terms-and-conditions' },
  { key: 'help', to: '/helpsupport' },
  { key: 'contact', to: '/contact-us' },
] as const;

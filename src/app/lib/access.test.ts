import { describe, expect, it } from 'vitest';
import { accessRedirect, isPublicPath } from './access';

const member = { loggedIn: true, institutionId: '4', expired: false };

describe('app access (spec §4)', () => {
  it('keeps browsing, sign-in and information pages public', () => {
    for (const p of [
      '/',
      '/magazines/BS/en',
      '/journals',
      '/magazine/12',
      '/stories/category/Cover-Stories/sec_60',
      '/login',
      '/login/verify/emailotp',
      '/faq',
      '/accesscode',
      '/validate-user',
      '/unsubscribe',
      '/unsubscribe/x',
      '/reading-zone',
    ]) {
      expect(isPublicPath(p), p).toBe(true);
    }
    for (const p of ['/dashboard', '/dashboard/myAccount', '/update/fullName', '/search', '/login/linkmobile'])
      expect(isPublicPath(p), p).toBe(false);
    expect(isPublicPath('/dashboardx')).toBe(true);
  });

  it('opens the Smart Reading Zone screen to everyone: visitors, guests and expired readers read free there', () => {
    for (const s of [
      { ...member, loggedIn: false },
      { ...member, institutionId: '0' },
      { ...member, expired: true },
    ])
      expect(accessRedirect('/reading-zone', s)).toBeNull();
  });

  it('sends a logged-out reader on a guarded route to /login', () => {
    expect(accessRedirect('/dashboard', { ...member, loggedIn: false })).toEqual({ to: '/login' });
  });

  it('sends a reader with no library to type=1, an expired one to type=2 with the session kept', () => {
    expect(accessRedirect('/dashboard/myAccount', { ...member, institutionId: '0' })).toEqual({ to: '/validate-user?type=1' });
    expect(accessRedirect('/search', { ...member, expired: true })).toEqual({ to: '/validate-user?type=2' });
  });

  it('lets a reader with a running zone pass into search and the account area: a guest, no library, expired', () => {
    for (const s of [
      { ...member, institutionId: '0', pass: true },
      { ...member, expired: true, pass: true },
    ])
      for (const p of ['/search', '/dashboard', '/dashboard/myAccount']) expect(accessRedirect(p, s), p).toBeNull();
    // Signed out, a pass opens nothing: the account area still asks to sign in.
    expect(accessRedirect('/dashboard', { ...member, loggedIn: false, pass: true })).toEqual({ to: '/login' });
  });

  it('lets a signed-in reader with no library finish signing in (name step, mobile number)', () => {
    const noLibrary = { ...member, institutionId: '0' };
    expect(accessRedirect('/update/fullName', noLibrary)).toBeNull();
    expect(accessRedirect('/login/linkmobile', noLibrary)).toBeNull();
    expect(accessRedirect('/update/fullName', { ...noLibrary, loggedIn: false })).toEqual({ to: '/login' });
  });

  it('lets a reader whose personal plan runs past the library guard: no library, or an expired one', () => {
    const planner = { ...member, institutionId: '0', planRunning: true };
    for (const p of ['/dashboard', '/dashboard/myAccount', '/search']) expect(accessRedirect(p, planner), p).toBeNull();
    expect(accessRedirect('/search', { ...member, expired: true, planRunning: true })).toBeNull();
    // The plan lets no one in who is signed out, and a plan that has ended counts for nothing.
    expect(accessRedirect('/dashboard', { ...planner, loggedIn: false })).toEqual({ to: '/login' });
    expect(accessRedirect('/dashboard', { ...planner, planRunning: false })).toEqual({ to: '/validate-user?type=1' });
  });

  it('lets a member with a live library through, and never guards public pages', () => {
    expect(accessRedirect('/dashboard', member)).toBeNull();
    expect(accessRedirect('/', { loggedIn: false, institutionId: '0', expired: true })).toBeNull();
  });
});

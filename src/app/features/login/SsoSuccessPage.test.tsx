import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { fakeFetch, renderScreen } from '../../testing/render';
import { userInfo } from '../../testing/fixtures';
import { Toaster } from '../../components/Toast';
import SsoSuccessPage from './SsoSuccessPage';

const ROUTE = '/login/sso/success';
const SEARCH = '?SAMLResponse=abc&RelayState=r1';

/** Back from the institution: the page at its address, the server answering `reply` (held until `answer()`). */
function backFromInstitution(reply: { status?: number; body: unknown }) {
  history.replaceState(null, '', ROUTE + SEARCH);
  document.cookie = 'XSRF-TOKEN=x; path=/';
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  const net = fakeFetch(async () => (await held, reply));
  vi.stubGlobal('fetch', net.fetch);
  // StrictMode as the app runs: its second mount must neither send the answer again nor lose the reply.
  renderScreen(
    <StrictMode>
      <SsoSuccessPage />
      <Toaster />
    </StrictMode>,
    { path: ROUTE + SEARCH, route: ROUTE },
  );
  const sent = () => net.calls.filter((c) => c.url.includes('/api/sso/complete'));
  return { answer, sent };
}

const refusal = (code: string, message: string) => ({ status: 400, body: { error: { code, message } } });

describe('the return from the institution sign-in', () => {
  it('says it is signing in while the server checks, sends the answer once, then signs the reader in', async () => {
    const back = backFromInstitution({ body: { ...userInfo(), jwtoken: 'jwt', returnTo: '/hi/magazines', linked: false } });
    expect(await screen.findByRole('heading', { name: 'Signing you in…' })).toBeTruthy();
    await vi.waitFor(() => expect(back.sent()).toHaveLength(1));
    expect(JSON.parse(String(back.sent()[0].init.body))).toEqual({ search: SEARCH });
    back.answer();
    expect((await screen.findByTestId('elsewhere')).dataset.value).toBe('/hi/magazines');
    expect(document.cookie).toContain('isLoggedIn=1');
    expect(back.sent()).toHaveLength(1);
  });

  it('a link from My Account: says so and goes back there', async () => {
    const back = backFromInstitution({ body: { ...userInfo(), jwtoken: 'jwt', returnTo: '/dashboard/myAccount', linked: true } });
    back.answer();
    expect((await screen.findByTestId('toast')).textContent).toBe("Your account is now linked to your institution's sign-in.");
    expect((await screen.findByTestId('elsewhere')).dataset.value).toBe('/dashboard/myAccount');
  });

  it("shows the server's refusal with a way to try again", async () => {
    const back = backFromInstitution(refusal('sso_invalid', 'The sign-in answer was not valid.'));
    back.answer();
    expect(await screen.findByRole('heading', { name: "That didn't work" })).toBeTruthy();
    expect(screen.getByText('The sign-in answer was not valid.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/login/sso');
    expect(document.cookie).not.toContain('isLoggedIn=1');
  });

  it('an account that exists already: offers to sign in to it instead', async () => {
    const back = backFromInstitution(refusal('sso_account_exists', 'An account with this e-mail exists: sign in to it first.'));
    back.answer();
    expect((await screen.findByRole('link', { name: 'Sign in' })).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('link', { name: 'Try again' })).toBeNull();
  });
});

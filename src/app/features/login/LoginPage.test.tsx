import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeFetch, renderScreen } from '../../testing/render';
import * as phone from '../../../shared/schemas/phone';
import LoginPage from './LoginPage';

const refusal = { status: 429, body: { error: { code: 'rate_limited', message: 'Too many codes asked for: try again in a minute.' } } };

describe('the sign-in form', () => {
  it('checks the address before anything is sent', async () => {
    const net = fakeFetch(() => ({ body: {} }));
    vi.stubGlobal('fetch', net.fetch);
    renderScreen(<LoginPage />, { path: '/login', route: '/login' });
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    const field = await screen.findByLabelText('Institution e-mail address');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    fireEvent.change(field, { target: { value: 'not an address' } });
    expect(field.getAttribute('aria-invalid')).not.toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(net.calls).toHaveLength(0);
  });

  it('says why the server refused, busy while it asks, and goes on to the code screen when it sends', async () => {
    let answer = refusal;
    let answerNow = () => {};
    const held = new Promise<void>((resolve) => (answerNow = resolve));
    const net = fakeFetch(async () => (await held, answer));
    vi.stubGlobal('fetch', net.fetch);
    document.cookie = 'XSRF-TOKEN=x; path=/';
    renderScreen(<LoginPage />, { path: '/login', route: '/login' });
    fireEvent.change(screen.getByLabelText('Institution e-mail address'), { target: { value: 'reader@demo.edu' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByRole('button', { name: 'Sending…' })).toHaveProperty('disabled', true);
    answerNow();
    expect((await screen.findByRole('alert')).textContent).toBe('Too many codes asked for: try again in a minute.');
    expect(net.calls.map((c) => new URL(c.url, location.href).pathname)).toEqual(['/api/login/otp/send']);
    expect(JSON.parse(String(net.calls[0].init.body))).toMatchObject({ channel: 'email', email: 'reader@demo.edu', purpose: 'login' });

    const sent = { status: 1, requestId: crypto.randomUUID(), length: 6, expiresIn: 600, resendIn: 30, email: btoa('reader@demo.edu') };
    answer = { status: 200, body: sent } as never;
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("checks a mobile number against the country's plan, loaded when the field shows, before anything is sent", async () => {
    const net = fakeFetch(() => ({ body: {} }));
    vi.stubGlobal('fetch', net.fetch);
    document.cookie = 'XSRF-TOKEN=x; path=/';
    renderScreen(<LoginPage />, { path: '/login', route: '/login' });
    fireEvent.click(screen.getByRole('button', { name: 'Mobile number' }));
    const field = await screen.findByRole('textbox', { name: 'Mobile number' });
    // Ten digits, but no Indian mobile number starts with 1.
    fireEvent.change(field, { target: { value: '1876501234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Enter a Valid Mobile Number')).toBeTruthy();
    expect(net.calls).toHaveLength(0);
    fireEvent.change(field, { target: { value: '9876501234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    await waitFor(() => expect(net.calls).toHaveLength(1));
    expect(JSON.parse(String(net.calls[0].init.body))).toMatchObject({ channel: 'mobile', mobile: '9876501234', countryCode: '+91' });
  });

  it('says so and sends nothing when the numbering plans cannot be fetched', async () => {
    const net = fakeFetch(() => ({ body: {} }));
    vi.stubGlobal('fetch', net.fetch);
    const load = vi.spyOn(phone, 'loadPhonePlans').mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    try {
      renderScreen(<LoginPage />, { path: '/login', route: '/login' });
      fireEvent.click(screen.getByRole('button', { name: 'Mobile number' }));
      const field = await screen.findByRole('textbox', { name: 'Mobile number' });
      fireEvent.change(field, { target: { value: '9876501234' } });
      fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
      expect(await screen.findByText('You seem to be offline. Check your connection and try again.')).toBeTruthy();
      expect(net.calls).toHaveLength(0);
    } finally {
      load.mockRestore();
    }
  });

  it('shows a failed guest session and lets the reader try again', async () => {
    let answerNow = () => {};
    const held = new Promise<void>((resolve) => (answerNow = resolve));
    const busy = { status: 503, body: { error: { code: 'busy', message: 'Try again shortly.' } } };
    vi.stubGlobal('fetch', fakeFetch(async () => (await held, busy)).fetch);
    document.cookie = 'XSRF-TOKEN=x; path=/';
    renderScreen(<LoginPage />, { path: '/login', route: '/login' });
    fireEvent.click(screen.getByTestId('continue-as-guest'));
    await waitFor(() => expect(screen.getByTestId('continue-as-guest').textContent).toBe('Starting…'));
    expect(screen.getByTestId('continue-as-guest')).toHaveProperty('disabled', true);
    answerNow();
    expect((await screen.findByRole('alert')).textContent).toBe('Try again shortly.');
    expect(screen.getByTestId('continue-as-guest')).toHaveProperty('disabled', false);
  });
});

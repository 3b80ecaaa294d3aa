import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeFetch, renderScreen } from '../../testing/render';
import { AccessCodeForm } from './AccessCodeForm';

const signedIn = () => {
  document.cookie = 'isLoggedIn=1; path=/';
  document.cookie = 'XSRF-TOKEN=x; path=/';
  localStorage.setItem('userToken', 'token');
};

describe('the access code form', () => {
  it('asks for a code before sending, and a typed code clears the message', async () => {
    const net = fakeFetch(() => ({ body: {} }));
    vi.stubGlobal('fetch', net.fetch);
    renderScreen(<AccessCodeForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Apply code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter an access code');
    fireEvent.change(screen.getByLabelText('Access code'), { target: { value: 'R' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(net.calls).toHaveLength(0);
  });

  it("shows the server's refusal, busy while it asks, and clears it when the code is edited", async () => {
    signedIn();
    let answerNow = () => {};
    const held = new Promise<void>((resolve) => (answerNow = resolve));
    const refused = { status: 404, body: { error: { code: 'coupon_invalid', message: 'This code is not valid.' } } };
    const net = fakeFetch(async () => (await held, refused));
    vi.stubGlobal('fetch', net.fetch);
    renderScreen(<AccessCodeForm />);
    fireEvent.change(screen.getByLabelText('Access code'), { target: { value: '  READ-NOPE  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply code' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Apply code' })).toHaveProperty('disabled', true));
    answerNow();
    expect((await screen.findByRole('alert')).textContent).toBe('This code is not valid.');
    expect(screen.getByRole('button', { name: 'Apply code' })).toHaveProperty('disabled', false);
    expect(net.calls.map((c) => new URL(c.url, location.href).pathname)).toEqual(['/api/coupon/validate']);
    expect(JSON.parse(String(net.calls[0].init.body))).toEqual({ code: 'READ-NOPE' });
    fireEvent.change(screen.getByLabelText('Access code'), { target: { value: 'READ-DEMO-2026' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

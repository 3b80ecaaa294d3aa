import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeFetch, renderScreen } from '../../testing/render';
import { userInfo } from '../../testing/fixtures';
import { IdUploadForm } from './IdUploadForm';

const institutions = { institutions: [{ id: 7, name: 'Hill College' }] };
const photo = (size = 1000, type = 'image/jpeg') => new File([new Uint8Array(size)], 'id.jpg', { type });
const submit = () => fireEvent.click(screen.getByRole('button', { name: /Send to my librarian|Sending…/ }));

/** Asks with the form filled in: the institution chosen and `file` picked. */
async function fill(file: File) {
  await screen.findByRole('option', { name: 'Hill College' });
  fireEvent.change(screen.getByLabelText('Your institution'), { target: { value: '7' } });
  fireEvent.change(screen.getByLabelText('Photo or PDF of your institution ID'), { target: { files: [file] } });
}

describe('the ID upload form', () => {
  it('checks the choice, the type and the size before anything is sent', async () => {
    const net = fakeFetch(() => ({ body: institutions }));
    vi.stubGlobal('fetch', net.fetch);
    renderScreen(<IdUploadForm />, { path: '/validate-user', route: '/validate-user' });
    await screen.findByRole('option', { name: 'Hill College' });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Please choose your institution.');
    await fill(photo(1000, 'image/gif'));
    expect(screen.queryByRole('alert')).toBeNull();
    submit();
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Upload a photo/);
    await fill(photo(5 * 1024 * 1024 + 1));
    submit();
    expect((await screen.findByRole('alert')).textContent).toMatch(/larger than 5 MB/);
    expect(net.calls.map((c) => new URL(c.url, location.href).pathname)).toEqual(['/api/institutions']);
  });

  it("is busy while sending, shows the server's refusal, and an edit clears it", async () => {
    document.cookie = 'XSRF-TOKEN=x; path=/';
    let answerNow = () => {};
    const held = new Promise<void>((resolve) => (answerNow = resolve));
    const net = fakeFetch(async (url) => {
      if (url.includes('/api/institutions')) return { body: institutions };
      await held;
      return { status: 400, body: { error: { code: 'upload_unreadable', message: 'The file could not be read.' } } };
    });
    vi.stubGlobal('fetch', net.fetch);
    renderScreen(<IdUploadForm />, { path: '/validate-user', route: '/validate-user' });
    await fill(photo());
    submit();
    const button = await screen.findByRole('button', { name: 'Sending…' });
    expect(button).toHaveProperty('disabled', true);
    answerNow();
    expect((await screen.findByRole('alert')).textContent).toBe('The file could not be read.');
    expect(screen.getByRole('button', { name: 'Send to my librarian' })).toHaveProperty('disabled', false);
    const sent = net.calls.find((c) => c.url.includes('/api/user/uploadid'))!;
    expect((sent.init.body as FormData).get('institutionId')).toBe('7');
    expect(((sent.init.body as FormData).get('file') as File).size).toBe(1000);
    fireEvent.change(screen.getByLabelText('Your institution'), { target: { value: '' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sent: stores the details (the ID is with the librarian) and goes to the thanks page', async () => {
    document.cookie = 'XSRF-TOKEN=x; path=/';
    const net = fakeFetch((url) => ({ body: url.includes('/api/institutions') ? institutions : userInfo({ uploadedID: 1 }) }));
    vi.stubGlobal('fetch', net.fetch);
    renderScreen(<IdUploadForm />, { path: '/validate-user', route: '/validate-user' });
    await fill(photo());
    submit();
    await screen.findByTestId('elsewhere');
    await waitFor(() => expect(JSON.parse(localStorage.getItem('userDetails') ?? '{}')).toMatchObject({ uploadedID: 1 }));
  });
});

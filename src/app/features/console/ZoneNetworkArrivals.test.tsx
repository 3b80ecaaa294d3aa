import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeFetch, renderScreen } from '../../testing/render';
import { ZoneNetworkArrivals } from './ZoneNetworkArrivals';

const BASE = '/api/console/institutions/4/zones/9';

/** The console's server for zone 9: its RADIUS clients, as they are after each change. */
function venue({ refuseRemove = false } = {}) {
  let clients = [{ id: 1, matchBy: 'nas_identifier', matchValue: 'hall-wlc' }];
  let answerAdd = () => {};
  const addHeld = new Promise<void>((resolve) => (answerAdd = resolve));
  const net = fakeFetch(async (url, init) => {
    const path = new URL(url, location.href).pathname;
    if (path === `${BASE}/network`) return { body: { clients, webhook: false } };
    if (path === `${BASE}/radius`) {
      await addHeld;
      const body = JSON.parse(String(init.body)) as { matchBy: string; matchValue: string };
      clients = [...clients, { id: 2, ...body }];
      return { body: { secret: 'made-by-lectern-0123456789' } };
    }
    if (path === `${BASE}/radius/1/remove`)
      return refuseRemove
        ? { status: 409, body: { error: { code: 'radius_in_use', message: 'This client is in use.' } } }
        : ((clients = []), { body: { status: 1, message: 'ok' } });
    return { status: 404, body: { error: { code: 'not_found', message: 'not found' } } };
  });
  vi.stubGlobal('fetch', net.fetch);
  document.cookie = 'XSRF-TOKEN=x; path=/';
  renderScreen(<ZoneNetworkArrivals institutionId={4} zoneId={9} />);
  return { net, answerAdd };
}

const clients = () => screen.queryAllByTestId('zone-radius-client').map((li) => within(li).getByRole('code').textContent);

describe("a zone's arrivals told by the venue's network", () => {
  it('adds a RADIUS client: busy while sending, the secret shown once, the list asked again', async () => {
    const { net, answerAdd } = venue();
    await waitFor(() => expect(clients()).toEqual(['hall-wlc']));
    const add = await screen.findByRole('button', { name: 'Add RADIUS client' });
    expect(add).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: '  library-wlc ' } });
    fireEvent.click(add);
    await waitFor(() => expect(add).toHaveProperty('disabled', true));
    expect(screen.queryByTestId('zone-secret')).toBeNull();
    answerAdd();
    expect((await screen.findByTestId('zone-secret')).textContent).toContain('made-by-lectern-0123456789');
    await waitFor(() => expect(clients()).toEqual(['hall-wlc', 'library-wlc']));
    expect((screen.getByLabelText('Value') as HTMLInputElement).value).toBe('');
    const sent = net.calls.find((c) => c.url.endsWith(`${BASE}/radius`))!;
    expect(JSON.parse(String(sent.init.body))).toEqual({ matchBy: 'nas_identifier', matchValue: 'library-wlc' });
  });

  it("shows the server's refusal to remove a client, and keeps it listed", async () => {
    venue({ refuseRemove: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the RADIUS client hall-wlc' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This client is in use.');
    expect(clients()).toEqual(['hall-wlc']);
  });

  it('removes a client: the list says none is left', async () => {
    venue();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the RADIUS client hall-wlc' }));
    expect(await screen.findByText('No RADIUS client yet.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

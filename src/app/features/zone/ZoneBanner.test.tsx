import { beforeEach, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { PassesReply } from '../../../shared/schemas/zones';
import { SESSION } from '../../../shared/storage-names';
import { renderScreen } from '../../testing/render';

const reply: PassesReply = {
  passes: [
    {
      zoneId: 2,
      zoneName: 'City Library, Mumbai',
      startedAt: '2026-11-29T10:00:00.000Z',
      lastSeenAt: '2026-11-29T10:00:00.000Z',
      endsAt: '2099-11-29T12:00:00.000Z',
      opens: { all: true },
      opensMore: true,
    },
  ],
  arrived: [],
};
const told = () => sessionStorage.getItem(SESSION.zoneAnnounced);

// A start of the app: its modules (and the banner's message with them) loaded afresh.
async function start() {
  vi.resetModules();
  return { queries: await import('./queries'), ZoneBanner: (await import('./ZoneBanner')).ZoneBanner };
}

beforeEach(() => sessionStorage.clear());

it('decides what the banner says when the passes answer arrives, not when its code has loaded', async () => {
  // The zone screen's answer comes first; the banner's code loads after the start.
  const first = await start();
  first.queries.kept(reply);
  expect(told()).toContain('2:2026-11-29T10:00:00.000Z');
  first.queries.kept(reply); // each answer after it: told once
  expect(JSON.parse(told()!)).toHaveLength(1);
  const view = renderScreen(<first.ZoneBanner />);
  expect(await screen.findByTestId('zone-banner')).toHaveProperty('textContent', expect.stringContaining('City Library, Mumbai'));
  view.unmount();

  // The tab's session cleared after the answer (a new start): the banner's late mount tells the
  // tab nothing, so the next start announces the pass again.
  sessionStorage.clear();
  const late = renderScreen(<first.ZoneBanner />);
  act(() => void late.client.setQueryData(first.queries.zoneKeys.passes(), reply));
  late.unmount();
  expect(told()).toBeNull();
  const next = await start();
  renderScreen(<next.ZoneBanner />);
  expect(screen.queryByTestId('zone-banner')).toBeNull();
  act(() => void next.queries.kept(reply));
  expect(await screen.findByTestId('zone-banner')).toHaveProperty('textContent', expect.stringContaining('City Library, Mumbai'));
});

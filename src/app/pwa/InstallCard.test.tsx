import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderScreen } from '../testing/render';

// The card's rule reads this device's visits when its modules load: each test loads them afresh.
async function loadCard({ returning }: { returning: boolean }) {
  vi.resetModules();
  sessionStorage.clear();
  if (returning) localStorage.setItem('lectern.visited', String(Date.now() - 86_400_000));
  await import('./install');
  const offer = Object.assign(new Event('beforeinstallprompt'), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
  });
  dispatchEvent(offer);
  return { InstallCard: (await import('./InstallCard')).default, offer };
}

describe('the install card', () => {
  beforeEach(() => sessionStorage.clear());

  it('waits on a first visit until a download finishes, then Not now holds', async () => {
    const { InstallCard } = await loadCard({ returning: false });
    const first = renderScreen(<InstallCard />, { path: '/' });
    expect(screen.queryByTestId('install-card')).toBeNull();
    act(() => void dispatchEvent(new Event('lectern:downloaded')));
    expect(screen.getByTestId('install-card')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByTestId('install-card')).toBeNull();
    first.unmount();
    renderScreen(<InstallCard />, { path: '/' });
    expect(screen.queryByTestId('install-card')).toBeNull();
  });

  it('asks a returning reader on home only; cancelling the browser dialog counts as Not now', async () => {
    const { InstallCard, offer } = await loadCard({ returning: true });
    const elsewhere = renderScreen(<InstallCard />, { path: '/login' });
    expect(screen.queryByTestId('install-card')).toBeNull();
    elsewhere.unmount();
    renderScreen(<InstallCard />, { path: '/hi/' });
    fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(offer.prompt).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(localStorage.getItem('lectern.installDismissed')).not.toBeNull());
    expect(screen.queryByTestId('install-card')).toBeNull();
  });
});

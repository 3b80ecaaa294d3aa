// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppRouter } from './router';

// The routing only: its components need a browser, and each screen's module is a stand-in.
vi.mock('./Layout', () => ({ Layout: () => null }));
vi.mock('./RouteError', () => ({ RouteError: () => null }));
vi.mock('../components/PendingScreen', () => ({ LoadingSlot: () => null }));
vi.mock('../lib/i18n', () => ({ loadScreenTexts: () => Promise.resolve() }));
vi.mock('./screen-modules', () => ({
  screenModules: new Proxy({}, { get: () => () => Promise.resolve({ default: () => null }) }),
}));

type Router = ReturnType<typeof createAppRouter>;
let router: Router | undefined;
afterEach(() => router?.dispose());

async function startAt(address: string) {
  window.history.replaceState(null, '', address);
  router = createAppRouter();
  router.initialize();
  await vi.waitFor(() => expect(router!.state.initialized).toBe(true));
  return router;
}

/** The locale's route and the screen's path the router shows. */
const shown = (r: Router) => {
  const matches = r.state.matches;
  const last = matches.at(-1)!.route;
  return { locale: matches[1].route.path, screen: last.index ? '' : last.path, at: r.state.location.pathname };
};

const localesIn = (r: Router) => r.routes[0].children!.map((route) => route.path);

describe("the app's router", () => {
  it("starts with the page's locale only; a navigation to the other adds it", async () => {
    const r = await startAt('/magazines/BS');
    expect(localesIn(r)).toEqual(['/']);
    expect(shown(r)).toEqual({ locale: '/', screen: 'magazines/:catId', at: '/magazines/BS' });

    // English's `*` matches /hi/journals, and must not keep it
    await r.navigate('/hi/journals');
    expect(shown(r)).toEqual({ locale: '/hi', screen: 'journals', at: '/hi/journals' });
    expect(localesIn(r).sort()).toEqual(['/', '/hi']);

    await r.navigate('/hi');
    expect(shown(r)).toEqual({ locale: '/hi', screen: '', at: '/hi' });
    await r.navigate('/journals');
    expect(shown(r)).toEqual({ locale: '/', screen: 'journals', at: '/journals' });
    // added once
    await r.navigate('/hi/search');
    expect(localesIn(r)).toHaveLength(2);
  });

  it('from Hindi, English addresses find their screens', async () => {
    const r = await startAt('/hi/magazines/BS');
    expect(localesIn(r)).toEqual(['/hi']);
    expect(shown(r)).toEqual({ locale: '/hi', screen: 'magazines/:catId', at: '/hi/magazines/BS' });

    await r.navigate('/');
    expect(shown(r)).toEqual({ locale: '/', screen: '', at: '/' });
    await r.navigate('/magazine/12-The-Week');
    expect(shown(r)).toEqual({ locale: '/', screen: 'magazine/:mid', at: '/magazine/12-The-Week' });
  });

  it('an address that is no screen is Page not found in its own locale', async () => {
    const r = await startAt('/');
    await r.navigate('/no/such/page');
    expect(shown(r)).toEqual({ locale: '/', screen: '*', at: '/no/such/page' });
    await r.navigate('/hi/no/such/page');
    expect(shown(r)).toEqual({ locale: '/hi', screen: '*', at: '/hi/no/such/page' });
  });
});

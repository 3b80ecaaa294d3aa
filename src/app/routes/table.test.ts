// @vitest-environment happy-dom
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { matchRoutes } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { SCREENS, firstScreenAt, firstScreenPaths, withoutLocale } from './table';
import { screenModules } from './screen-modules';
import { appRoutes } from './router';
import { prefetchFirstScreen } from '../first-screen';
import { readerScope } from '../lib/scope';
import { appPaths } from '../../shared/app-paths';
import { localePath } from '../../shared/locale-path';
import * as homeQueries from '../features/home/queries';
import * as listingQueries from '../features/listing/queries';
import * as titleQueries from '../features/title/queries';

// The route table only: its components need a browser.
vi.mock('./Layout', () => ({ Layout: () => null }));
vi.mock('./RouteError', () => ({ RouteError: () => null }));
vi.mock('../components/PendingScreen', () => ({ LoadingSlot: () => null }));
vi.mock('../lib/i18n', () => ({ loadScreenTexts: () => Promise.resolve() }));

// (by the working directory: happy-dom gives the module an http address)
const APP = path.resolve('src/app');

const ADDRESSES = [
  '/',
  '/hi',
  '/hi/',
  '/magazines/BS',
  '/Magazines/bs/',
  '/hi/magazines/52/hi',
  '/magazines',
  '/magazine/12-The-Week',
  '/magazine/12/340',
  '/magazine',
  '/journals',
  '/login',
  '/library/7/members',
  '/no/such/page',
];

describe('the route table', () => {
  it("names each screen module by the file its import loads (the build finds a screen's chunk by that name)", () => {
    const source = fs.readFileSync(path.join(APP, 'routes/screen-modules.ts'), 'utf8');
    const pairs = [...source.matchAll(/^\s*'([^']+)': \(\) => import\('([^']+)'\),$/gm)];
    expect(pairs.length).toBe(Object.keys(screenModules).length);
    for (const [, key, imported] of pairs) expect(`${imported.replace(/^\.\.\//, '').replace(/^\.\//, 'routes/')}.tsx`).toBe(key);
    for (const screen of SCREENS) expect(fs.existsSync(path.join(APP, screen.module)), screen.module).toBe(true);
  });

  it.each(ADDRESSES)("%s: the boot script's first screen is the screen the router opens", (address) => {
    const module = SCREENS.find((s) => s.first && s.paths.length && firstScreenAt(address)?.screen === s)?.module;
    const route = matchRoutes(appRoutes, address)?.at(-1)?.route;
    const routed = SCREENS.find((s) => s.first && s.paths.some((p) => route?.path === p || (route?.index && p === '')));
    expect(module, address).toBe(routed?.module);
    // The boot script's own test: the patterns the build puts in it, on the path without /hi.
    const booted = Object.entries(firstScreenPaths()).find(([, patterns]) =>
      patterns.some((p) => new RegExp(p, 'i').test(withoutLocale(address))),
    )?.[0];
    expect(booted, address).toBe(routed?.first?.name);
  });

  it("fetches each first screen's answers with the query options its screen renders with, and nothing for other screens", async () => {
    const asked: unknown[] = [];
    const client = {
      prefetchQuery: (o: { queryKey: unknown }) => Promise.resolve(asked.push(o.queryKey)),
      prefetchInfiniteQuery: (o: { queryKey: unknown }) => Promise.resolve(asked.push(['infinite', o.queryKey])),
    } as unknown as QueryClient;
    const run = async (address: string) => {
      asked.length = 0;
      await prefetchFirstScreen(client, address);
      return [...asked];
    };
    expect(await run('/hi/')).toEqual([homeQueries.homeQuery(readerScope()).queryKey]);
    expect(await run('/magazines/BS')).toEqual([
      ['infinite', listingQueries.magazinesQuery(readerScope(), 'BS').queryKey],
      listingQueries.categoriesQuery(readerScope()).queryKey,
      listingQueries.languagesQuery(readerScope(), 'BS').queryKey,
    ]);
    expect(await run('/magazine/12-The-Week')).toEqual([
      titleQueries.metaQuery(12).queryKey,
      titleQueries.issuesQuery(12, false).queryKey,
      titleQueries.issuesQuery(12, true).queryKey,
      titleQueries.storeCountryQuery().queryKey,
      titleQueries.relatedQuery(12, 0).queryKey,
    ]);
    expect(await run('/magazine/not-a-title')).toEqual([]);
    expect(await run('/journals')).toEqual([]);
    expect(firstScreenAt('/journals')).toBeNull();
  });

  it('opens a screen at every app path, in English and in Hindi', () => {
    const paths = [
      ...Object.values(appPaths).filter((p) => typeof p === 'string'),
      appPaths.listing('BS'),
      appPaths.listing(12, 'hi'),
      appPaths.category(52),
      appPaths.storiesSection('Cover-Stories', 'sec_60'),
      appPaths.title(12, 'The Week'),
      appPaths.issue(12, 'The Week', 340),
      appPaths.consoleSection(7),
      appPaths.consoleSection(7, 'zones'),
      appPaths.poster(7, 3),
    ];
    expect(paths.length).toBeGreaterThan(40);
    for (const path of paths)
      for (const locale of ['en', 'hi'] as const) {
        const address = localePath(path, locale);
        const route = matchRoutes(appRoutes, address)?.at(-1)?.route;
        expect(route?.path === '*' ? 'not found' : 'a screen', address).toBe('a screen');
      }
    expect(appPaths.loginReturningTo('/magazine/12?issue=3')).toBe('/login?returnTo=%2Fmagazine%2F12%3Fissue%3D3');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CACHE, COOKIE, DB_NAME, LOCAL, SESSION, STORAGE, STORES, readJson } from './storage-names';
import * as is from './stored-shape';
import { LibraryDetails } from './schemas/library-details';

/** A Storage in memory; `off` makes every call throw, as a browser with storage blocked does. */
function memoryStorage() {
  const items = new Map<string, string>();
  const s = {
    off: false,
    getItem(k: string) {
      if (s.off) throw new DOMException('blocked', 'SecurityError');
      return items.get(k) ?? null;
    },
    setItem: (k: string, v: string) => void items.set(k, String(v)),
    removeItem: (k: string) => void items.delete(k),
    clear: () => items.clear(),
    key: (i: number) => [...items.keys()][i] ?? null,
    get length() {
      return items.size;
    },
  };
  return s;
}

/** The session module as the browser loads it (it reads nothing from storage off the browser). */
async function browserSession() {
  vi.stubGlobal('document', { cookie: '' });
  vi.resetModules();
  return import('../app/lib/session');
}

describe('readJson', () => {
  const Point = z.object({ x: z.number(), y: z.number() });
  const storage = memoryStorage();

  it('gives the value when it is there and has the shape', () => {
    storage.setItem('p', JSON.stringify({ x: 1, y: 2 }));
    expect(readJson(storage, 'p', Point)).toEqual({ x: 1, y: 2 });
  });

  it('treats absent, not JSON, another shape, null and blocked storage as absent', () => {
    expect(readJson(storage, 'none', Point)).toBeUndefined();
    for (const corrupt of ['{"x":1', 'undefined', '[1,2]', '{"x":"1","y":2}', 'null', '"\u0000"']) {
      storage.setItem('p', corrupt);
      expect(readJson(storage, 'p', Point), corrupt).toBeUndefined();
    }
    storage.off = true;
    expect(readJson(storage, 'p', Point)).toBeUndefined();
    storage.off = false;
  });
});

describe("readJson with the first load's small shapes (stored-shape.ts)", () => {
  const Kept = is.object({
    who: is.string,
    height: is.nullable(is.number),
    kind: is.oneOf('user', 'guest'),
    until: is.optional(is.number),
    passes: is.array(is.object({ zone: is.string, more: is.boolean })),
  });
  const storage = memoryStorage();
  const good = { who: 'u1', height: null, kind: 'guest', passes: [{ zone: 'Library', more: true }] };

  it('gives the value when it has the shape, an optional field absent or there', () => {
    storage.setItem('k', JSON.stringify(good));
    expect(readJson(storage, 'k', Kept)).toEqual(good);
    storage.setItem('k', JSON.stringify({ ...good, height: 120, until: 5 }));
    expect(readJson(storage, 'k', Kept)).toMatchObject({ height: 120, until: 5 });
  });

  it('treats every other shape as absent', () => {
    const corrupt = [
      '{"who":"u1"',
      'null',
      '[]',
      '"\u0000"',
      JSON.stringify({ ...good, who: 5 }),
      JSON.stringify({ ...good, height: '120' }),
      JSON.stringify({ ...good, kind: 'admin' }),
      JSON.stringify({ ...good, until: null }),
      JSON.stringify({ ...good, passes: [{ zone: 'Library' }] }),
      JSON.stringify({ ...good, passes: {} }),
      JSON.stringify(good).replace('"height":null', '"height":1e999'), // Infinity
    ];
    for (const raw of corrupt) {
      storage.setItem('k', raw);
      expect(readJson(storage, 'k', Kept), raw).toBeUndefined();
    }
  });

  it("the stored library details agree with the API's schema of them", async () => {
    const local = memoryStorage();
    vi.stubGlobal('localStorage', local);
    const { libraryDetails } = await browserSession();
    const base = { name: 'Library', logo1: 'a', logo2: '', logo3: '' };
    for (const value of [base, { ...base, contact: 'l@example.org' }, { ...base, logo3: null }, { ...base, contact: 1 }, { name: 'x' }]) {
      local.setItem(STORAGE.libraryDetails, JSON.stringify(value));
      expect(libraryDetails() !== null, JSON.stringify(value)).toBe(LibraryDetails.safeParse(value).success);
    }
    vi.unstubAllGlobals();
  });
});

describe('the names', () => {
  it("keep the spec's cookie and local-storage names exactly (a contract with the other clients)", () => {
    expect(Object.values(COOKIE).sort()).toEqual(
      [
        'uniqId',
        'isGuest',
        'isLoggedIn',
        'AuthToken',
        'libraryId',
        'expiration',
        'userDetails',
        'isNewspaper',
        'isJournal',
        'isLibContentAvailable',
        'ageRate',
        'ageRating',
        'XSRF-TOKEN',
        'scrollPath',
        'scrollPosition',
      ].sort(),
    );
    expect(Object.values(STORAGE).sort()).toEqual(
      ['loginType', 'userToken', 'expiration', 'userFav', 'userBksData', 'favourites', 'libraryDetails', 'userDetails'].sort(),
    );
  });

  it('name each place once: no two keys of one kind share a name', () => {
    for (const names of [LOCAL, SESSION, CACHE, STORES]) expect(new Set(Object.values(names)).size).toBe(Object.values(names).length);
    expect(Object.values(LOCAL).filter((n) => (Object.values(STORAGE) as string[]).includes(n))).toEqual([]);
    expect(DB_NAME).toBe('lectern');
    expect(CACHE).toMatchObject({ downloads: 'lectern-downloads', recentPages: 'lectern-pages', content: 'lectern-content' });
  });
});

describe('what the app reads back: a corrupt value is absent, never a crash', () => {
  const local = memoryStorage();
  const session = memoryStorage();
  beforeEach(() => {
    local.clear();
    session.clear();
    vi.stubGlobal('localStorage', local);
    vi.stubGlobal('sessionStorage', session);
  });
  afterEach(() => void vi.unstubAllGlobals());

  it('a zone scan', async () => {
    const { pendingScan, takeScan } = await import('../app/features/zone/scan');
    expect(takeScan('?z=7&t=tok')).toBe('');
    expect(pendingScan()).toEqual({ zoneId: 7, token: 'tok' });
    const now = Date.now();
    for (const corrupt of ['{', `{"zoneId":"7","token":"tok","at":${now}}`, `{"zoneId":7,"at":${now}}`, '42']) {
      session.setItem(SESSION.zoneScan, corrupt);
      expect(pendingScan(), corrupt).toBeNull();
    }
  });

  it('the stored user and library, and the sign-in flow', async () => {
    const { storedUser, libraryDetails } = await browserSession();
    const { readFlow } = await import('../app/features/login/flow');
    local.setItem(STORAGE.userDetails, '{"uuid": 5}');
    local.setItem(STORAGE.libraryDetails, 'not json');
    session.setItem(SESSION.signIn, JSON.stringify({ contact: { channel: 'fax' }, purpose: 'login' }));
    expect(storedUser()).toBeNull();
    expect(libraryDetails()).toBeNull();
    expect(readFlow()).toBeNull();
    session.setItem(SESSION.signIn, JSON.stringify({ contact: { channel: 'email', email: 'a@example.org' }, purpose: 'login', sentAt: 5 }));
    expect(readFlow()).toEqual({ contact: { channel: 'email', email: 'a@example.org' }, purpose: 'login', sentAt: 5 });
  });

  it('the zone passes', async () => {
    const { runningPass } = await import('../app/lib/zone-pass');
    session.setItem(SESSION.zonePasses, JSON.stringify({ user: '', passes: 'Library' }));
    expect(runningPass()).toBeNull();
    session.setItem(
      SESSION.zonePasses,
      JSON.stringify({ user: '', passes: [{ zoneName: 'Library', endsAt: '2999-01-01T00:00:00Z', opensMore: true }] }),
    );
    expect(runningPass()).toMatchObject({ zoneName: 'Library' });
  });
});

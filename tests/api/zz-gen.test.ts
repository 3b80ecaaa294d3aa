import fs from 'node:fs';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { it } from 'vitest';
import { testApp } from '../support/app';

it('dumps', async () => {
  const names = new Map<unknown, string>();
  const dir = 'src/shared/schemas';
  for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const mod = await import(path.resolve(dir, f));
    for (const [k, v] of Object.entries(mod)) if (v && typeof v === 'object' && !names.has(v)) names.set(v, `${f.replace('.ts', '')}:${k}`);
  }
  const routes: RouteOptions[] = [];
  const t = await testApp(undefined, { onRoute: (r) => routes.push(r) });
  const nm = (s: unknown) => (s === undefined ? undefined : names.get(s) ?? 'INLINE');
  const out = routes
    .filter((r) => r.url.startsWith('/api'))
    .map((r) => {
      const s: any = r.schema ?? {};
      const resp = s.response ?? {};
      return {
        method: r.method,
        url: r.url,
        file: '',
        params: nm(s.params),
        query: nm(s.querystring),
        body: nm(s.body),
        resp: Object.fromEntries(Object.entries(resp).map(([k, v]) => [k, nm(v)])),
        extra: Object.keys(s).filter((k) => !['params', 'querystring', 'body', 'response'].includes(k)),
      };
    });
  fs.writeFileSync('/tmp/epgen/routes.json', JSON.stringify(out, null, 1));
  await t.close();
});

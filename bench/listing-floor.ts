// The uncached listing's floor for bench:api: bare Fastify doing only a listing page's own work,
// the repository's statements (listMagazines, as the server calls it), JSON.stringify and the
// server's brotli, with none of the server's plugins (validation, headers, ETag, cookies, metrics).
// Beside bare Fastify and the real server it says how much of a listing's cost is the work itself
// and how much the server around it.
// Usage: DATABASE_URL=postgres://… tsx bench/listing-floor.ts <port>
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { openDb } from '../src/server/db/index';
import { listMagazines } from '../src/server/repositories/catalogue';
import { brotliOnce } from '../src/server/plugins/response-cache';
import { DEFAULT_STORE_ID } from '../src/shared/constants';

const db = await openDb({ databaseUrl: process.env.DATABASE_URL });
const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ ok: true }));
app.get<{ Querystring: { categoryID: string; page?: string } }>('/content/magazine-filter', async (req, reply) => {
  const { categoryID, page } = req.query;
  const answer = await listMagazines(db.read, {
    visibility: { newspapers: true, journals: true },
    category: /^\d+$/.test(categoryID) ? Number(categoryID) : (categoryID as 'BS'),
    storeId: DEFAULT_STORE_ID,
    page: Number(page ?? 0),
  });
  const body = JSON.stringify(answer);
  reply.header('content-type', 'application/json; charset=utf-8').header('content-encoding', 'br');
  return zlib.brotliCompressSync(body, brotliOnce(Buffer.byteLength(body)));
});
await app.listen({ port: Number(process.argv[2] ?? 4403), host: '127.0.0.1' });
const stop = async () => {
  await app.close();
  await db.close();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

// The baseline for bench:api: bare Fastify answering a small JSON on the same machine, in its own
// process like the real server, so a figure can be given as a share of what Node serves at all.
// Usage: tsx bench/bare-fastify.ts <port>
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ ok: true }));
app.get('/bare', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.argv[2] ?? 4402), host: '127.0.0.1' });

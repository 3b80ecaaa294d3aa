// Media serving under load (autocannon, 50 connections): a public cover at /media/<name> and a
// page image through the reader's token route, with media on the local directory and on S3
// (s3rver on loopback, the tests' S3-compatible server; a real object store answers differently).
// Usage: npm run bench:media
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import autocannon from 'autocannon';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { buildApp } from '../src/server/app';
import { loadConfig, type S3Config } from '../src/server/config';
import { openPglite } from '../src/server/db/index';
import { migrate } from '../src/server/db/migrate';
import { generateIssuePdf } from '../src/server/demo/pdf-generator';
import { ingestPdf } from '../src/server/ingest/ingest';
import { s3Client } from '../src/server/media/s3';
import { createGuest } from '../src/server/repositories/users';
import { guestKeyHash, newGuestKey } from '../src/server/services/guest-keys';
import { openSession } from '../src/server/repositories/sessions';
import { readerTokens } from '../src/server/services/reader-tokens';
import { S3RVER_ACCOUNT, startS3Server } from '../tests/support/s3-server';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);

async function measure(storage: 'local' | 's3', s3?: S3Config) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-bench-media-'));
  const db = await openPglite(undefined);
  await migrate(db);
  const config = { ...loadConfig({ DATA_DIR: dataDir }), demo: false, rateLimitPerMinute: 0, s3 };
  const app = await buildApp({ db, config });
  try {
    const pdf = await generateIssuePdf({
      titleName: 'Bench',
      issueName: '1',
      pubDate: '2026-11-01',
      hindi: false,
      hue: 10,
      pages: 1,
      seed: 3,
      kind: 'magazine',
    });
    const { issueId } = await ingestPdf(db, app.storage, pdf, {
      title: { name: 'Bench', catId: 2, lang: 'en' },
      issue: { name: '1', pubDate: '2026-11-01' },
    });
    const cover = (await db.query<{ cover_2x: string }>('SELECT cover_2x FROM issues WHERE issue_id = $1', [issueId])).rows[0].cover_2x;
    const guestId = await createGuest(db, `bench-${crypto.randomUUID()}`, guestKeyHash(newGuestKey()));
    const sessionId = crypto.randomUUID();
    const uuid = await openSession(db, sessionId, guestId, 'bench');
    const { code } = await (await readerTokens(db, 30)).sign({ uuid }, issueId, sessionId);
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const lines: string[] = [];
    for (const [name, url] of [
      ['cover /media/<name>', `/media/${cover}`],
      ['page 1200 px, token route', `/content/reader/${issueId}/pages/1/large.webp?code=${code}`],
    ]) {
      await autocannon({ url: base + url, connections: 10, duration: 2 });
      const r = await autocannon({ url: base + url, connections: 50, duration: DURATION_S });
      lines.push(
        `${storage.padEnd(5)} ${name.padEnd(28)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(5)} ms  ${(r.throughput.average / 1e6).toFixed(1)} MB/s  errors ${r.errors + r.non2xx}`,
      );
      console.log(lines.at(-1));
    }
    return lines;
  } finally {
    await app.close();
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const server = await startS3Server();
try {
  const s3: S3Config = { bucket: 'bench-media', endpoint: server.endpoint, region: 'us-east-1', forcePathStyle: true, ...S3RVER_ACCOUNT };
  const client = s3Client(s3);
  await client.send(new CreateBucketCommand({ Bucket: s3.bucket }));
  client.destroy();
  const rows = [...(await measure('local')), ...(await measure('s3', s3))];
  console.log(`\nMedia serving, 50 connections, ${DURATION_S} s each:\n${rows.join('\n')}`);
} finally {
  await server.stop();
}

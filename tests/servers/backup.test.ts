// npm run backup / restore: one archive with the database and the media, restored into an empty
// database and media store, which then serve the same issue (its pages, byte for byte). On a
// real PostgreSQL (pg_dump / pg_restore) and on PGlite. A target that is not empty is refused
// unless --force; a file that is not a backup is refused.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, xsrfToken } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { startPostgresCluster, type Cluster } from '../support/postgres-cluster';
import { openPglite, openPostgres, type Db } from '../../src/server/db/index';
import { migrate } from '../../src/server/db/migrate';
import { generateIssuePdf } from '../../src/server/demo/pdf-generator';
import { ingestPdf } from '../../src/server/ingest/ingest';
import { LocalStorage } from '../../src/server/media/local';
import { openStorage } from '../../src/server/media/open-storage';
import { s3Client } from '../../src/server/media/s3';
import type { Area, MediaStorage } from '../../src/server/media/storage';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { S3RVER_ACCOUNT, startS3Server } from '../support/s3-server';
import * as endpoints from '../../src/shared/endpoints';

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-backup-'));
  dirs.push(d);
  return d;
};
let own: Cluster | undefined;
let base: string;

beforeAll(async () => {
  own = await startPostgresCluster();
  base = own.url('postgres');
}, 60_000);
afterAll(() => {
  own?.stop();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

async function newDatabase(): Promise<string> {
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return base.replace(/\/postgres$/, `/${name}`);
}

/** The catalogue fixture and one real issue (rendered pages in the media store). */
async function library(db: Db, mediaDir: string): Promise<number> {
  await migrate(db);
  await loadCatalogue(db);
  const pdf = await generateIssuePdf({
    titleName: 'Business Weekly',
    issueName: 'Backed up',
    pubDate: '2026-11-02',
    hindi: false,
    hue: 200,
    pages: 2,
    seed: 21,
    kind: 'magazine',
  });
  const { issueId } = await ingestPdf(db, new LocalStorage(mediaDir), pdf, {
    title: { mid: FX.mid.biz },
    issue: { name: 'Backed up', pubDate: '2026-11-02' },
  });
  return issueId;
}

/** One of the operator commands, as `npm run backup` / `restore` run it. */
const command = (name: 'backup' | 'restore', args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', `src/server/ops/${name}.ts`, ...args], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 180_000,
  });

/** The same, without blocking this process (an s3rver running here must answer it meanwhile). */
const commandAsync = (name: 'backup' | 'restore', args: string[], env: Record<string, string>) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/server/ops/${name}.ts`, ...args], {
      env: { ...process.env, DATABASE_URL: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.once('exit', (status) => resolve({ status, stdout, stderr }));
  });

/** The issue's page images as a member reads them through the restored app. */
async function pagesServed(open: () => Promise<Db>, mediaDir: string, issueId: number): Promise<Buffer[]> {
  const outbox = memoryOutbox();
  const t = await testApp(undefined, { open, mailer: outbox.mailer, config: { mediaDir, s3: undefined } });
  try {
    const api = apiClient(t.app, await xsrfToken(t.app));
    const details = await t.app.inject({ method: 'GET', url: `/content/getIssueDetails?issid=${issueId}` });
    expect(details.statusCode).toBe(200);
    const reader = await signInByCode(t.db, api, outbox, `restored${Date.now()}@active.edu`);
    const token = await api.call(endpoints.readerToken, { body: { issue: issueId } }, reader.token);
    expect(token.status).toBe(200);
    const pages: Buffer[] = [];
    for (const n of [1, 2]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/content/reader/${issueId}/pages/${n}/large.webp?code=${token.body.data.code}`,
      });
      expect(res.statusCode).toBe(200);
      pages.push(res.rawPayload);
    }
    return pages;
  } finally {
    await t.close();
  }
}

const stored = async (db: Db, mediaDir: string, issueId: number) => {
  const { rows } = await db.query<{ image_large: string }>('SELECT image_large FROM pages WHERE issue_id = $1 ORDER BY page_no', [issueId]);
  return rows.map((r) => fs.readFileSync(path.join(mediaDir, 'pages', r.image_large)));
};

describe('on PostgreSQL (pg_dump and pg_restore)', () => {
  it('a backup restored into an empty database and media directory serves the same issue, page for page', async () => {
    const source = { url: await newDatabase(), media: path.join(tempDir(), 'media') };
    const db = await openPostgres(source.url, 2);
    let issueId: number;
    let original: Buffer[];
    try {
      issueId = await library(db, source.media);
      original = await stored(db, source.media, issueId);
    } finally {
      await db.close();
    }
    const archive = path.join(tempDir(), 'lectern.tar');
    const made = command('backup', [archive], { DATABASE_URL: source.url, DATA_DIR: tempDir(), MEDIA_DIR: source.media });
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);
    expect(made.stdout).toMatch(
      /Backup written to .*lectern\.tar .*: the postgres database \(schema \d+\), \d+ public files and 6 page images\./,
    );
    // A plain tar: its listing names the dump and the media.
    const listing = spawnSync('tar', ['tf', archive], { encoding: 'utf8' }).stdout.split('\n');
    expect(listing.slice(0, 2)).toEqual(['lectern-backup.json', 'database.pgdump']);
    expect(listing.filter((l) => l.startsWith('media/pages/'))).toHaveLength(6); // two pages, three widths each

    const target = { url: await newDatabase(), media: path.join(tempDir(), 'media') };
    const restored = command('restore', [archive], { DATABASE_URL: target.url, DATA_DIR: tempDir(), MEDIA_DIR: target.media });
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    const served = await pagesServed(() => openPostgres(target.url, 2), target.media, issueId);
    expect(served).toEqual(original);

    // Not again over what is there, unless told.
    const again = command('restore', [archive], { DATABASE_URL: target.url, DATA_DIR: tempDir(), MEDIA_DIR: target.media });
    expect(again.status).toBe(1);
    expect(again.stderr.trim()).toMatch(/^Refusing to restore: the database has \d+ tables and other objects already\. .*--force/);
    const forced = command('restore', [archive, '--force'], { DATABASE_URL: target.url, DATA_DIR: tempDir(), MEDIA_DIR: target.media });
    expect(forced.stderr).toBe('');
    expect(forced.status).toBe(0);
    expect(await pagesServed(() => openPostgres(target.url, 2), target.media, issueId)).toEqual(original);

    // An empty database with media left in the store is refused too.
    const partly = command('restore', [archive], { DATABASE_URL: await newDatabase(), DATA_DIR: tempDir(), MEDIA_DIR: target.media });
    expect(partly.stderr.trim()).toMatch(/^Refusing to restore: the media store has \d+ public files already/);
  }, 300_000);
});

describe('on PGlite (its data directory, with the server stopped)', () => {
  it('round-trips the same way, and refuses while the database is open', async () => {
    const sourceDir = tempDir();
    const db = await openPglite(path.join(sourceDir, 'pg'));
    const archive = path.join(tempDir(), 'lectern.tar');
    let issueId: number;
    let original: Buffer[];
    try {
      issueId = await library(db, path.join(sourceDir, 'media'));
      original = await stored(db, path.join(sourceDir, 'media'), issueId);
      const open = command('backup', [archive], { DATA_DIR: sourceDir });
      expect(open.status).toBe(1);
      expect(open.stderr).toMatch(/is open \(postmaster\.pid\): stop the server first/);
    } finally {
      await db.close();
    }
    const made = command('backup', [archive], { DATA_DIR: sourceDir });
    expect(made.stderr).toBe('');
    expect(made.stdout).toMatch(/the pglite database .* 6 page images/);
    expect(command('backup', [archive], { DATA_DIR: sourceDir }).stderr).toMatch(/exists already/);

    const targetDir = tempDir();
    const restored = command('restore', [archive], { DATA_DIR: targetDir });
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    expect(await pagesServed(() => openPglite(path.join(targetDir, 'pg')), path.join(targetDir, 'media'), issueId)).toEqual(original);
    // A PGlite backup has no PostgreSQL dump to restore into DATABASE_URL.
    const wrongKind = command('restore', [archive], { DATABASE_URL: await newDatabase(), DATA_DIR: tempDir() });
    expect(wrongKind.stderr.trim()).toBe('This backup holds a PGlite database: unset DATABASE_URL and set DATA_DIR to restore it into.');
  }, 300_000);

  it('refuses a file that is not a backup', async () => {
    const file = path.join(tempDir(), 'not-a-backup.tar');
    fs.writeFileSync(file, crypto.randomBytes(4096));
    const res = command('restore', [file], { DATA_DIR: tempDir() });
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(/is not a Lectern backup/);
  });
});

describe('with media in an S3 bucket', () => {
  it('backs up every object of both areas and restores them into another, empty bucket', async () => {
    const s3 = await startS3Server();
    try {
      const bucket = async (name: string) => {
        const cfg = { bucket: name, endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, ...S3RVER_ACCOUNT };
        const client = s3Client(cfg);
        await client.send(new CreateBucketCommand({ Bucket: name }));
        client.destroy();
        return {
          storage: openStorage({ mediaDir: tempDir(), s3: cfg }),
          env: {
            S3_BUCKET: name,
            S3_ENDPOINT: s3.endpoint,
            S3_ACCESS_KEY_ID: S3RVER_ACCOUNT.accessKeyId,
            S3_SECRET_ACCESS_KEY: S3RVER_ACCOUNT.secretAccessKey,
          },
        };
      };
      const [from, to] = [await bucket('backup-from'), await bucket('backup-to')];
      const files: [Area, string, Buffer][] = [];
      for (const [area, n] of [
        ['public', 3],
        ['pages', 4],
      ] as const)
        for (let i = 0; i < n; i++) {
          const bytes = crypto.randomBytes(2000 + i);
          files.push([area, await from.storage.save(area, bytes, 'webp'), bytes]);
        }
      const sourceDir = tempDir();
      const db = await openPglite(path.join(sourceDir, 'pg'));
      await migrate(db);
      await db.close();
      const archive = path.join(tempDir(), 'lectern.tar');
      const made = await commandAsync('backup', [archive], { DATA_DIR: sourceDir, ...from.env });
      // On Node 20 the AWS SDK writes a warning about the Node version to stderr.
      expect(made.stderr).not.toMatch(/failed|Refusing/);
      expect(made.status).toBe(0);
      expect(made.stdout).toContain('3 public files and 4 page images');
      const restored = await commandAsync('restore', [archive], { DATA_DIR: tempDir(), ...to.env });
      expect(restored.stderr).not.toMatch(/failed|Refusing/);
      expect(restored.status).toBe(0);
      const read = async (storage: MediaStorage) => {
        const out: string[] = [];
        for (const area of ['public', 'pages'] as const)
          for (const e of await storage.list(area)) out.push(`${area}/${e.name}:${(await storage.read(area, e.name))!.toString('base64')}`);
        return out.sort();
      };
      expect(await read(to.storage)).toEqual(files.map(([area, name, bytes]) => `${area}/${name}:${bytes.toString('base64')}`).sort());
    } finally {
      await s3.stop();
    }
  }, 180_000);
});

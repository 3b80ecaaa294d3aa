// Media on a real S3-compatible server in the tests (LECTERN_TEST_S3=1): the global setup starts
// s3rver (s3-server.ts); each test file gets its own bucket, so sweeps and listings see only
// that file's objects.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import type { S3Config } from '../../src/server/config';
import { s3Client } from '../../src/server/media/s3';
import { openStorage } from '../../src/server/media/open-storage';
import type { MediaStorage } from '../../src/server/media/storage';
import { S3RVER_ACCOUNT } from './s3-server';

export const testOnS3 = () => process.env.LECTERN_TEST_S3 === '1';

/** On S3 runs: a new empty bucket on the harness's s3rver; otherwise undefined (local media). */
export async function testS3Config(): Promise<S3Config | undefined> {
  if (!testOnS3()) return undefined;
  const cfg: S3Config = {
    bucket: `t-${crypto.randomBytes(6).toString('hex')}`,
    endpoint: inject('s3Endpoint'),
    region: 'us-east-1',
    forcePathStyle: true,
    ...S3RVER_ACCOUNT,
  };
  const client = s3Client(cfg);
  await client.send(new CreateBucketCommand({ Bucket: cfg.bucket }));
  client.destroy();
  return cfg;
}

/** The media storage a test without an app uses: a temporary directory, or a new bucket on S3 runs. */
export async function testStorage(): Promise<{ storage: MediaStorage; close: () => void }> {
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-media-'));
  const storage = openStorage({ mediaDir, s3: await testS3Config() });
  return { storage, close: () => fs.rmSync(mediaDir, { recursive: true, force: true }) };
}

// s3rver, an S3-compatible server on the local file system, on loopback and a free port, with
// its objects in a temporary directory removed when it stops (tests and benchmarks).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver checks request signatures against this one account. */
export const S3RVER_ACCOUNT = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startS3Server(): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

// Media in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, s3rver in the tests). Keys:
// media/<name> (public: covers, logos), pages/<name> (page images), incoming/<run>/<area>/<name>
// (an ingest's staged files until its transaction commits). The bucket itself stays private:
// the server streams public files at /media/<name> and page images through the reader's token
// route, so no object ever needs a public ACL.
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import {
  type Area,
  type Entry,
  type MediaStorage,
  type OpenRequest,
  type Opened,
  type Staging,
  contentType,
  mediaName,
  newRunId,
  parseRange,
  rangeSpec,
} from './storage';

const PREFIX: Record<Area, string> = { public: 'media/', pages: 'pages/' };
const STAGING_PREFIX = 'incoming/';

/** The SDK's error for an HTTP status (404 on a missing key, 304, 416…). */
const statusOf = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

export function s3Client(cfg: S3Config): S3Client {
  return new S3Client({
    endpoint: cfg.endpoint,
    region: cfg.region,
    forcePathStyle: cfg.forcePathStyle,
    credentials:
      cfg.accessKeyId && cfg.secretAccessKey ? { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey } : undefined,
    // Checksums only where S3 requires them: many S3-compatible servers refuse the SDK's
    // default trailing CRC32 (aws-chunked uploads).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
}

export class S3Storage implements MediaStorage {
  readonly kind = 's3' as const;
  readonly bucket: string;
  constructor(
    readonly client: S3Client,
    cfg: Pick<S3Config, 'bucket'>,
  ) {
    this.bucket = cfg.bucket;
  }

  private key = (area: Area, name: string) => `${PREFIX[area]}${name}`;

  private async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (err) {
      if (statusOf(err) === 404) return false;
      throw err;
    }
  }

  private put(key: string, bytes: Uint8Array, name: string) {
    return this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType(name) }));
  }

  async save(area: Area, bytes: Uint8Array, ext: string): Promise<string> {
    const name = mediaName(bytes, ext);
    if (!(await this.exists(this.key(area, name)))) await this.put(this.key(area, name), bytes, name);
    return name;
  }

  async write(area: Area, name: string, bytes: Uint8Array): Promise<void> {
    await this.put(this.key(area, name), bytes, name);
  }

  async read(area: Area, name: string): Promise<Buffer | null> {
    const opened = await this.open(area, name);
    if (!opened?.body) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of opened.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** The range to ask S3 for, as the local store reads it: one range or none, and a suffix
   * ("the last n bytes") made explicit, which some S3-compatible servers get wrong. */
  private async rangeFor(key: string, header: string | undefined): Promise<string | undefined | 'unsatisfiable'> {
    const spec = rangeSpec(header);
    if (!spec) return undefined;
    if (spec.suffix === undefined) {
      if (!Number.isSafeInteger(spec.first)) return 'unsatisfiable'; // past the end of any object
      return `bytes=${spec.first}-${Number.isSafeInteger(spec.last) ? spec.last : ''}`;
    }
    const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
    const range = parseRange(header, head.ContentLength ?? 0);
    if (range === 'unsatisfiable') return range;
    return range ? `bytes=${range.start}-${range.end}` : undefined;
  }

  async open(area: Area, name: string, req: OpenRequest = {}): Promise<Opened | null> {
    const key = this.key(area, name);
    try {
      const range = await this.rangeFor(key, req.range);
      if (range === 'unsatisfiable') return { status: 416, size: 0 };
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range, IfNoneMatch: req.ifNoneMatch }),
      );
      const size = res.ContentRange ? Number(res.ContentRange.split('/')[1]) : (res.ContentLength ?? 0);
      return {
        status: res.ContentRange ? 206 : 200,
        etag: res.ETag,
        lastModified: res.LastModified,
        size,
        length: res.ContentLength,
        contentRange: res.ContentRange,
        body: res.Body as Readable,
      };
    } catch (err) {
      const status = statusOf(err);
      if (status === 404) return null;
      if (status === 304) return { status: 304, size: 0 }; // the header may list several tags: echo none
      if (status === 416) return { status: 416, size: 0 }; // the size is not known here
      throw err;
    }
  }

  async stage(): Promise<Staging> {
    const runPrefix = `${STAGING_PREFIX}${newRunId()}/`;
    const staged = new Map<string, { area: Area; name: string }>();
    const added: string[] = [];
    return {
      save: async (area, bytes, ext) => {
        const name = mediaName(bytes, ext);
        const key = `${runPrefix}${area}/${name}`;
        if (!staged.has(key)) {
          await this.put(key, bytes, name);
          staged.set(key, { area, name });
        }
        return name;
      },
      commit: async () => {
        for (const [from, { area, name }] of staged) {
          const to = this.key(area, name);
          if (await this.exists(to)) continue; // content-addressed: the same bytes are already there
          await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: to, CopySource: `${this.bucket}/${from}` }));
          added.push(to);
        }
      },
      rollback: async () => {
        await this.deleteKeys(added);
      },
      discard: async () => {
        await this.deleteKeys([...staged.keys()]);
      },
    };
  }

  private async *keys(prefix: string) {
    let token: string | undefined;
    do {
      const res = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const o of res.Contents ?? []) if (o.Key) yield { key: o.Key, modified: o.LastModified?.getTime() ?? 0 };
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
  }

  private async deleteKeys(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
      );
    }
  }

  async list(area: Area): Promise<Entry[]> {
    const out: Entry[] = [];
    for await (const { key, modified } of this.keys(PREFIX[area])) {
      const name = key.slice(PREFIX[area].length);
      if (!name.includes('/')) out.push({ name, modified });
    }
    return out;
  }

  async remove(area: Area, names: string[]): Promise<void> {
    await this.deleteKeys(names.map((n) => this.key(area, n)));
  }

  async listStaged(): Promise<Entry[]> {
    const runs = new Map<string, number>();
    for await (const { key, modified } of this.keys(STAGING_PREFIX)) {
      const run = key.slice(STAGING_PREFIX.length).split('/')[0];
      runs.set(run, Math.max(runs.get(run) ?? 0, modified));
    }
    return [...runs].map(([name, modified]) => ({ name, modified }));
  }

  async removeStaged(run: string): Promise<void> {
    const keys: string[] = [];
    for await (const { key } of this.keys(`${STAGING_PREFIX}${run}/`)) keys.push(key);
    await this.deleteKeys(keys);
  }

  async check() {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return { ok: true as const };
    } catch (err) {
      return { ok: false as const, error: `S3 bucket ${this.bucket}: ${(err as Error).name} ${statusOf(err) ?? ''}`.trim() };
    }
  }
}

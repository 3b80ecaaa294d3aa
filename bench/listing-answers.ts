// The uncached listing bench's answers, one line each: path, status, ETag, Content-Type and a hash of
// the plain body and of the decoded brotli body. Run it against a server before and after a change to
// the listing path and diff the two outputs: every answer must stay byte for byte the same.
// Usage: npx tsx bench/listing-answers.ts http://127.0.0.1:4400 > before.txt
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { LISTING_PATHS } from './listings';

const base = process.argv[2] ?? 'http://127.0.0.1:4400';
const hash = (b: Buffer) => createHash('sha256').update(b).digest('hex').slice(0, 16);

for (const path of LISTING_PATHS) {
  const plain = await fetch(base + path, { headers: { 'accept-encoding': 'identity' } });
  const plainBody = Buffer.from(await plain.arrayBuffer());
  // fetch would decode br itself: ask with node's http instead to see the bytes as sent.
  const br = await new Promise<{ body: Buffer; encoding?: string }>((resolve, reject) => {
    import('node:http').then(({ get }) =>
      get(base + path, { headers: { 'accept-encoding': 'br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: res.headers['content-encoding'] }));
        res.on('error', reject);
      }).on('error', reject),
    );
  });
  const decoded = br.encoding === 'br' ? zlib.brotliDecompressSync(br.body) : br.body;
  console.log(
    [
      path,
      plain.status,
      plain.headers.get('etag'),
      plain.headers.get('content-type'),
      plainBody.length,
      hash(plainBody),
      br.encoding,
      hash(decoded),
    ].join(' '),
  );
}

// A small rewriting proxy in the style of EZproxy's "proxy by hostname": the browser talks to
// http://<host>:<port>, the proxy forwards each request to the origin with the origin's Host, and
// rewrites what EZproxy rewrites in the answers: absolute URLs of the origin in HTML, JavaScript,
// JSON, CSS and the manifest, the Location header, and Set-Cookie domains. Cookies pass through to
// the browser (EZproxy's `Option CookiePassThrough`), which is what Lectern needs: the app reads
// the XSRF-TOKEN cookie. It listens on loopback only (127.0.0.1 and ::1: Chromium resolves
// *.localhost to either).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const TEXT = /^(text\/|application\/(javascript|json|manifest\+json|xml|xhtml\+xml)|image\/svg\+xml)/;

export interface RewritingProxy {
  /** http://<host>:<port> */
  url: string;
  host: string;
  /** Every request the proxy forwarded (method and path), for assertions. */
  forwarded: string[];
  close: () => Promise<void>;
}

export async function startRewritingProxy(origin: string, hostname = 'lectern.localhost'): Promise<RewritingProxy> {
  const target = new URL(origin);
  const forwarded: string[] = [];
  let front = '';
  const toFront = (s: string) => s.split(target.host).join(front).split(`${target.protocol}//${front}`).join(`http://${front}`);
  const toOrigin = (s: string) => s.split(front).join(target.host);

  const handler: http.RequestListener = (req, res) => {
    forwarded.push(`${req.method} ${req.url}`);
    const headers = { ...req.headers, host: target.host };
    // Answers come back uncompressed so their text can be rewritten (EZproxy does the same).
    delete headers['accept-encoding'];
    for (const h of ['origin', 'referer'] as const) if (typeof headers[h] === 'string') headers[h] = toOrigin(headers[h]);
    const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers }, (answer) => {
      const out: http.OutgoingHttpHeaders = { ...answer.headers };
      if (typeof out.location === 'string') out.location = toFront(out.location);
      const cookies = answer.headers['set-cookie'];
      if (cookies) out['set-cookie'] = cookies.map((c) => c.replace(/;\s*domain=[^;]*/i, `; Domain=${hostname}`));
      if (!TEXT.test(String(answer.headers['content-type'] ?? '')) || req.method === 'HEAD') {
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        const body = Buffer.from(toFront(Buffer.concat(chunks).toString('utf8')));
        delete out['transfer-encoding'];
        out['content-length'] = String(body.length);
        res.writeHead(answer.statusCode ?? 502, out);
        res.end(body);
      });
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  };

  const v4 = http.createServer(handler);
  await new Promise<void>((resolve) => v4.listen(0, '127.0.0.1', resolve));
  const { port } = v4.address() as AddressInfo;
  const v6 = http.createServer(handler);
  await new Promise<void>((resolve, reject) => v6.once('error', reject).listen(port, '::1', resolve));
  front = `${hostname}:${port}`;
  const close = async () => {
    for (const s of [v4, v6]) {
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    }
  };
  return { url: `http://${front}`, host: front, forwarded, close };
}

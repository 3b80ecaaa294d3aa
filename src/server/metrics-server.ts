// The metrics on a port of their own (METRICS_PORT), bound to loopback: a Prometheus on the same
// machine (or one that reaches it through a tunnel) reads them, nobody else can. In one process
// the app's registry answers (plugins/metrics.ts). With WORKERS the primary serves the port and
// sums what every worker reports (prom-client's AggregatorRegistry), and a worker asked on the
// main port (METRICS_TOKEN) gets the same sum from the primary.
import cluster from 'node:cluster';
import http from 'node:http';
import client from 'prom-client';

const ASK = 'lectern:metrics';
const ANSWER = 'lectern:metrics-answer';
const ASK_TIMEOUT_MS = 10_000;

/** GET /metrics on 127.0.0.1:port; resolves once it listens (a port in use fails the start). */
export function serveMetrics(port: number, text: () => Promise<string>, contentType: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: the metrics are at /metrics\n');
      return;
    }
    text().then(
      (body) => res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' }).end(body),
      (err: Error) => res.writeHead(503, { 'Content-Type': 'text/plain' }).end(`metrics unavailable: ${err.message}\n`),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/** The primary of WORKERS: sums the workers' figures for its port and for workers that ask. */
export async function serveClusterMetrics(port: number | undefined): Promise<void> {
  const aggregator = new client.AggregatorRegistry();
  cluster.on('message', (worker, msg: { type?: string; id?: number }) => {
    if (msg?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: msg.id, text }),
      (err: Error) => worker.send({ type: ANSWER, id: msg.id, error: err.message }),
    );
  });
  if (port !== undefined) await serveMetrics(port, () => aggregator.clusterMetrics(), aggregator.contentType);
}

let nextId = 0;
const waiting = new Map<number, { resolve: (text: string) => void; reject: (err: Error) => void }>();
let listening = false;

/** A worker of WORKERS: every worker's figures summed, asked of the primary. */
export function metricsFromPrimary(): Promise<string> {
  if (!listening) {
    listening = true;
    process.on('message', (msg: { type?: string; id?: number; text?: string; error?: string }) => {
      if (msg?.type !== ANSWER || msg.id === undefined) return;
      const asked = waiting.get(msg.id);
      waiting.delete(msg.id);
      if (msg.error !== undefined) asked?.reject(new Error(msg.error));
      else asked?.resolve(msg.text ?? '');
    });
  }
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error('the primary process did not answer'));
    }, ASK_TIMEOUT_MS);
    waiting.set(id, {
      resolve: (text) => (clearTimeout(timer), resolve(text)),
      reject: (err) => (clearTimeout(timer), reject(err)),
    });
    process.send!({ type: ASK, id });
  });
}

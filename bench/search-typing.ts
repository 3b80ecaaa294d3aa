// Search as you type on the demo library: for each keystroke of a few words, the round trip of
// what the overlay asks (page hits and stories, in parallel) against a running server with the
// default 200-title demo library (kept in .tmp/bench/demo-200; the first run loads it, ~2 min).
// Prints p50/p95 per keystroke with the response cache on (the default) and off.
// Usage: npm run bench:typing
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { percentile, waitForHttp } from './support';

const WORDS = ['campus', 'library', 'monsoon', 'election', 'भारत', 'science', 'travel', 'cricket'];
const dataDir = path.resolve('.tmp/bench/demo-200');

async function withDemoServer<T>(cacheMs: string, fn: (base: string) => Promise<T>): Promise<T> {
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    env: { ...process.env, PORT: '4410', DATA_DIR: dataDir, LOG_LEVEL: 'error', CONTENT_CACHE_MS: cacheMs, RATE_LIMIT_PER_MINUTE: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHttp('http://127.0.0.1:4410/api/health', 300_000);
    return await fn('http://127.0.0.1:4410');
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

async function keystrokes(base: string): Promise<number[]> {
  const times: number[] = [];
  for (const word of WORDS) {
    for (let n = 1; n <= word.length; n++) {
      const term = encodeURIComponent(word.slice(0, n));
      const started = performance.now();
      const answers = await Promise.all([
        fetch(`${base}/content/mag-search?q=${term}&p=0&edzLibId=1`),
        fetch(`${base}/content/article-search?query=${term}&page=0`),
      ]);
      await Promise.all(answers.map((a) => a.arrayBuffer()));
      times.push(performance.now() - started);
    }
  }
  return times.sort((a, b) => a - b);
}

for (const cacheMs of ['30000', '0']) {
  await withDemoServer(cacheMs, async (base) => {
    await keystrokes(base); // warm up: JIT, database pages
    const times = await keystrokes(base);
    const cold = cacheMs === '0' ? 'cache off' : 'cache on (second pass)';
    console.log(
      `demo 200 titles  ${cold.padEnd(22)}  ${times.length} keystrokes  p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  max ${times.at(-1)!.toFixed(1)} ms`,
    );
  });
}

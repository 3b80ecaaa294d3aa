// Every environment variable the server reads, in one place (the README lists the same).
import path from 'node:path';

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  mediaDir: string;
  databaseUrl?: string;
  /** Load the demo library into an empty database on start. */
  demo: boolean;
  /** Number of demo titles (about 200 by default; tests use fewer). */
  demoTitles: number;
  /** Where the built app lives (vite build output). */
  appDir: string;
  logLevel: string;
  /** How long serialised /content answers are reused (0 = off). */
  contentCacheMs: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    host: env.HOST ?? '127.0.0.1',
    port: Number(env.PORT ?? 8080),
    dataDir,
    mediaDir: path.resolve(env.MEDIA_DIR ?? path.join(dataDir, 'media')),
    databaseUrl: env.DATABASE_URL || undefined,
    demo: (env.DEMO ?? '1') !== '0',
    demoTitles: Number(env.DEMO_TITLES ?? 200),
    appDir: path.resolve(env.APP_DIR ?? './dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    contentCacheMs: Number(env.CONTENT_CACHE_MS ?? 30_000),
  };
}

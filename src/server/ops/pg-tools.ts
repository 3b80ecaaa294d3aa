// PostgreSQL's own client tools (pg_dump, pg_restore) for backups: looked up where Debian and
// the PostgreSQL packages put them, newest server version first (pg_dump must be at least the
// server's version), then /usr/local/bin and /usr/bin. Missing: one line saying how to install.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const VERSIONED = '/usr/lib/postgresql';

function binDirs(): string[] {
  const versions = fs.existsSync(VERSIONED)
    ? fs
        .readdirSync(VERSIONED)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return [...versions.map((v) => path.join(VERSIONED, v, 'bin')), '/usr/local/bin', '/usr/bin'];
}

export function findPgTool(name: 'pg_dump' | 'pg_restore'): string {
  const dirs = binDirs();
  for (const dir of dirs) {
    const file = path.join(dir, name);
    if (fs.existsSync(file)) return file;
  }
  throw new Error(
    `PostgreSQL's ${name} was not found (looked in ${dirs.join(', ')}). Install the client tools, e.g. apt-get install -y postgresql-client`,
  );
}

/** The URL without its password, which goes to the tool in PGPASSWORD: a password on the
 * command line would show in every `ps` on the machine. */
export function connectionFor(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** Runs the tool; a failure is an error with the tool's own last lines. */
export function runPgTool(name: 'pg_dump' | 'pg_restore', args: string[], databaseUrl: string): Promise<void> {
  const { url, env } = connectionFor(databaseUrl);
  return new Promise((resolve, reject) => {
    execFile(findPgTool(name), [`--dbname=${url}`, ...args], { env, maxBuffer: 16 * 1024 * 1024 }, (err, _stdout, stderr) => {
      if (!err) return resolve();
      const said = String(stderr).trim().split('\n').slice(-5).join('\n');
      reject(new Error(`${name} failed: ${said || err.message}`));
    });
  });
}

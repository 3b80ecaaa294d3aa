import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The API files that also run on a real PostgreSQL server (project api-postgres, npm run
// test:api:pg): those whose header says why in a line starting with this marker. PGlite is the
// same SQL engine on one connection, so PostgreSQL adds what one connection cannot show: requests
// at once against a limit or a counter, locks, several instances, the pool, statement time limits.
const ON_POSTGRES = '// On PostgreSQL too:';
const apiDir = fileURLToPath(new URL('tests/api/', import.meta.url));
const onPostgres = fs
  .readdirSync(apiDir)
  .filter((f) => f.endsWith('.test.ts') && fs.readFileSync(apiDir + f, 'utf8').includes(ON_POSTGRES))
  .map((f) => `tests/api/${f}`);

const apiProject = {
  environment: 'node' as const,
  globalSetup: ['tests/support/global-setup.ts'],
  setupFiles: ['tests/support/api-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 180_000,
  // PGlite is one process-local database per file; keep the 2-core machine unloaded.
  maxWorkers: 2,
  // The files share a worker's module graph: importing the server afresh for each file was a third
  // of the pass. No file mocks modules, fakes timers or writes the environment, and module state
  // is keyed by database handle (docs/development.md, "Test time").
  isolate: false,
};

export default defineConfig({
  test: {
    projects: [
      {
        // Some unit files open a PGlite database or render PDF pages: seconds on a busy machine.
        test: { name: 'unit', include: ['src/**/*.test.ts'], environment: 'node', testTimeout: 30_000, hookTimeout: 60_000 },
      },
      {
        // The app's pieces with logic, rendered with Testing Library in happy-dom (src/app/testing).
        test: {
          name: 'components',
          include: ['src/app/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['src/app/testing/setup.ts'],
        },
      },
      // Every API file on PGlite (LECTERN_TEST_DB=postgres runs them on PostgreSQL instead).
      { test: { name: 'api', include: ['tests/api/**/*.test.ts'], ...apiProject } },
      { test: { name: 'api-postgres', include: onPostgres, env: { LECTERN_TEST_DB: 'postgres' }, ...apiProject } },
      {
        // Tests that start their own PostgreSQL clusters and server processes, whatever database
        // the API suite runs on: run once, not in each of its passes.
        test: {
          name: 'servers',
          include: ['tests/servers/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          maxWorkers: 2,
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';

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
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/api-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // PGlite is one process-local database per file; keep the 2-core machine unloaded.
          maxWorkers: 2,
        },
      },
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

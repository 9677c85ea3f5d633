import { configDefaults, defineConfig } from 'vitest/config';
import { catalogs } from './vite.catalogs.ts';

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

const apiProject = (name: string, database: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    include: ['server/**/*.test.ts'],
    // `*.pg.test.ts` need a real PostgreSQL server (several app instances on one database).
    exclude: database === 'postgres' ? configDefaults.exclude : [...configDefaults.exclude, 'server/**/*.pg.test.ts'],
    env: { TEST_DB: database },
    globalSetup: ['server/test/global-setup.ts'],
    // The files of a worker share its loaded modules (the app's, PGlite's) instead of loading them
    // again for each file: each file still builds its own app on its own database.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        // The browser's modules ask for the catalogs' address (web/lib/i18n.ts).
        plugins: [catalogs()],
        test: {
          name: 'unit',
          include: ['common/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          // A component test types and clicks through a whole form in happy-dom (web/test/render.tsx).
          testTimeout: 20_000,
        },
      },
      apiProject('api-pglite', 'pglite'),
      ...(hasPostgres ? [apiProject('api-postgres', 'postgres')] : []),
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

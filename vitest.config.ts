import { defineConfig } from 'vitest/config';

/**
 * Unit tests live beside the code (`*.test.ts`). API integration tests (`apps/api/test`) run the
 * real app on embedded PGlite, and once more on a PostgreSQL server when TEST_DATABASE_URL is set.
 */
const apiProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    include: ['apps/api/test/**/*.test.ts'],
    globalSetup: ['apps/api/test/support/global-setup.ts'],
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}'],
        },
      },
      apiProject('api', { TEST_DB_KIND: 'pglite' }),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', { TEST_DB_KIND: 'postgres' })] : []),
    ],
  },
});

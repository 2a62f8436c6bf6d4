import { configDefaults, defineConfig } from 'vitest/config';
import { pathAliases } from './path-aliases.ts';

export default defineConfig({
  resolve: { alias: pathAliases },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Pure server code (no server, no database) is tested here too, as *.unit.test.ts.
          include: [
            'src/shared/**/*.test.ts',
            'src/client/**/*.test.{ts,tsx}',
            'src/server/**/*.unit.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          setupFiles: ['tests/helpers/fail-on-console-error.ts', 'tests/helpers/seed-catalogue.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          globalSetup: ['tests/helpers/database-template.ts'],
          include: ['src/server/**/*.test.ts', 'tests/api/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'src/server/**/*.unit.test.ts'],
          environment: 'node',
          setupFiles: ['tests/helpers/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/database-template.ts', 'tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file runs its own Chromium and server; two cores fit two at a time.
          maxWorkers: 2,
          // Runs after unit and API tests; vitest needs its own group for a different worker count.
          sequence: { groupOrder: 1 },
          // A loaded 2-core machine renders slower than vitest's 1 s poll default.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});

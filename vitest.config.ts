import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { pathAliases } from './path-aliases.ts';

export default defineConfig({
  resolve: { alias: pathAliases },
  test: {
    // Every core: the files are independent (each has its own server, PGlite, data folder and, on
    // PostgreSQL, its own database), and Vitest's default leaves one core idle (2 cores: 1 worker).
    maxWorkers: availableParallelism(),
    // expect.poll waits for what the server does in the background (an email sent, a file gone):
    // Vitest's default of 1 s is a quiet machine's, and a loaded one took longer to send a first
    // email (docs/testing.md). A poll ends as soon as it holds; the limit only ends a hang.
    expect: { poll: { timeout: 60_000 } },
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
          setupFiles: [
            'tests/helpers/fail-on-console-error.ts',
            'tests/helpers/seed-catalogue.ts',
            'tests/helpers/fast-check-runs.ts',
          ],
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
          setupFiles: ['tests/helpers/fail-on-console-error.ts', 'tests/helpers/fast-check-runs.ts'],
          // Timeouts tell a hang from slowness, never measure speed: a test that takes 5 s on a quiet
          // machine took over 30 s at a load average of 40 on 2 cores (docs/testing.md).
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});

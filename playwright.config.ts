import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './tests/helpers/chromium';

/**
 * Browser tests (tests/e2e/*.spec.ts) on the system Chromium: each file gets its own server and
 * database (tests/e2e/fixtures.ts). Loops are bounded by count, so the timeouts here only end a hang.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/playwright-global-setup.ts',
  // Each worker runs a Chromium and a server; two cores fit two at a time.
  workers: 2,
  // A test that fails is a bug to read in its trace, not to run again.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Generous because a loaded 2-core machine is slow; a test waits on its assertions, not on this.
  timeout: 300_000,
  // A loaded 2-core machine renders slower than Playwright's 5 s default.
  expect: { timeout: 10_000 },
  outputDir: 'test-results/playwright',
  reporter: process.env.CI
    ? [['list'], ['html', { outputFolder: 'test-results/playwright-report', open: 'never' }]]
    : 'list',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: 'retain-on-failure',
    locale: 'en-GB',
    viewport: { width: 1280, height: 900 },
  },
});

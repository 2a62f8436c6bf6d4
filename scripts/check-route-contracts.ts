/**
 * `npm run check:contracts` (part of `npm run check`): builds the app on an in-memory database,
 * reads every route as registered and fails, naming each, on a route without a declared contract.
 * Every route declares one (the last of the routes written before contracts existed moved over on
 * 2026-11-28, so the list of exceptions is gone).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { openPglite } from '@/server/db/client';
import { routeContractProblems } from '@/server/http/contract';

const dataDir = mkdtempSync(join(tmpdir(), 'shop-contracts-'));
try {
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', RATES_URL: '', VIES_URL: '', DATA_DIR: dataDir }),
    database: await openPglite(),
    closeDatabase: true,
    clientDir: join(dataDir, 'no-client'),
  });
  await app.ready();
  const problems = routeContractProblems(app.registeredRoutes);
  await app.close();
  if (problems.length > 0) {
    console.error(
      `Route contracts (see docs/api.md):\n${problems.map((problem) => `  ${problem}`).join('\n')}`,
    );
    process.exitCode = 1;
  } else {
    const declared = app.registeredRoutes.filter((route) => route.declared && route.method !== 'HEAD').length;
    console.log(`Route contracts: all ${declared} routes declare theirs.`);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

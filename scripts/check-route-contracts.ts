/**
 * `npm run check:contracts` (part of `npm run check`): builds the app on an in-memory database,
 * reads every route as registered and fails, naming each, on a route without a declared contract
 * that is not among the routes written before contracts existed (scripts/undeclared-routes.txt),
 * and on a listed route that has since declared one. The list only shrinks.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { openPglite } from '@/server/db/client';
import { routeContractProblems } from '@/server/http/contract';

const listFile = resolve(import.meta.dirname, 'undeclared-routes.txt');
const undeclaredAllowed = new Set(
  readFileSync(listFile, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#')),
);

const dataDir = mkdtempSync(join(tmpdir(), 'shop-contracts-'));
try {
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', RATES_URL: '', VIES_URL: '', DATA_DIR: dataDir }),
    database: await openPglite(),
    closeDatabase: true,
    clientDir: join(dataDir, 'no-client'),
  });
  await app.ready();
  const problems = routeContractProblems(app.registeredRoutes, undeclaredAllowed);
  await app.close();
  if (problems.length > 0) {
    console.error(
      `Route contracts (see docs/api.md):\n${problems.map((problem) => `  ${problem}`).join('\n')}`,
    );
    process.exitCode = 1;
  } else {
    const declared = app.registeredRoutes.filter((route) => route.declared && route.method !== 'HEAD').length;
    console.log(
      `Route contracts: ${declared} routes declare theirs, ${undeclaredAllowed.size} older ones to go.`,
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

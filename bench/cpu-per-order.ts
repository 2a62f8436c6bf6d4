// node --import tsx bench/cpu-per-order.ts [--postgres] [--seconds=8]
// CPU time per placed order, by process and thread (from /proc, so it holds on a loaded machine):
// the server's main thread, its other threads (document workers), PostgreSQL's backends, the load.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { loadOnce } from './lib/load';
import { benchDatabaseUrl, createDatabase } from './lib/postgres';
import { startShopServer } from './lib/server';
import { orderLoadOptions } from './orders';

const args = process.argv.slice(2);
const seconds = Number(args.find((a) => a.startsWith('--seconds='))?.slice(10) ?? 8);
const postgres = args.includes('--postgres');
const tick = 100; // USER_HZ on Linux

function ticksOf(statPath: string): number {
  try {
    const fields = readFileSync(statPath, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}
function postgresTicks(): number {
  let sum = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres'))
        sum += ticksOf(`/proc/${pid}/stat`);
    } catch {
      /* gone */
    }
  }
  return sum;
}
const fresh = postgres && benchDatabaseUrl ? await createDatabase(benchDatabaseUrl, 'cpu') : undefined;
const server = await startShopServer({
  databaseUrl: fresh?.url ?? '',
  env: { SHUTDOWN_DRAIN_SECONDS: '0' },
});
const pid = server.process.pid ?? 0;
const snapshot = () => ({
  main: ticksOf(`/proc/${pid}/task/${pid}/stat`),
  all: ticksOf(`/proc/${pid}/stat`),
  pg: postgresTicks(),
  self: ticksOf('/proc/self/stat'),
});
const before = snapshot();
const run = await loadOnce(orderLoadOptions(server, `cpu-${randomUUID()}-`, seconds));
const after = snapshot();
await server.stop();
await fresh?.drop();
const placed = run.statusCodes['201'] ?? 0;
const ms = (k: keyof typeof before) => (((after[k] - before[k]) * 1000) / tick / placed).toFixed(2);
console.log(
  `${postgres ? 'postgres' : 'pglite'}: ${placed} orders (${run.requestsPerSecond}/s, p99 ${run.p99Ms} ms); CPU ms per order: server main thread ${ms('main')}, server all threads ${ms('all')}, PostgreSQL ${ms('pg')}, load generator ${ms('self')}`,
);

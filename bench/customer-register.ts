/**
 * The customer register's page and CSV at scale (docs/customers.md): seeds ORDERS realistic orders
 * (default 200 000, with their invoices and payments) in a fresh PostgreSQL database, then times
 * the first page, a search, the owing filter and the whole CSV through the register's own queries.
 * Run: TEST_DATABASE_URL=postgres://… npx tsx --tsconfig tsconfig.json bench/customer-register.ts
 */
import { openPostgres } from '@/server/db/client';
import { migrate } from '@/server/db/migrate';
import { registerBatches, registerPage } from '@/server/customers/register';
import { seedOrders } from '@tests/helpers/seed-orders';
import { benchDatabaseUrl, createDatabase } from './lib/postgres';

const count = Number(process.env.ORDERS ?? 200_000);
if (!benchDatabaseUrl) throw new Error('Set BENCH_DATABASE_URL or TEST_DATABASE_URL');
const fresh = await createDatabase(benchDatabaseUrl, 'register');
const database = await openPostgres(fresh.url);
try {
  await migrate(database);
  await database.withConnection((exec) => seedOrders(exec, count));
  const timed = async (name: string, run: () => Promise<unknown>) => {
    await run();
    const times: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    process.stdout.write(`${name}: median ${times[2]!.toFixed(0)} ms, max ${times[4]!.toFixed(0)} ms\n`);
  };
  const first = await registerPage(database.db, {}, 1);
  process.stdout.write(`${count} orders, ${first.total} customers\n`);
  await timed('first page', () => registerPage(database.db, {}, 1));
  await timed('page 100', () => registerPage(database.db, {}, 100));
  await timed('search "ab"', () => registerPage(database.db, { q: 'ab' }, 1));
  await timed('owing only', () => registerPage(database.db, { owing: true }, 1));
  const started = performance.now();
  let rows = 0;
  for await (const batch of registerBatches(database.db, {})) rows += batch.length;
  process.stdout.write(`CSV: ${rows} customers in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
} finally {
  await database.close();
  await fresh.drop();
}

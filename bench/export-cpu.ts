// node --import tsx bench/export-cpu.ts <database URL> [rows=200000] [--rounds=2] [--locale=sv]
//   BENCH_BASELINE_DIR=<another checkout, built> adds that build, alternating with this one;
//   BENCH_BASELINE_DATABASE_URL=<a copy of the database at that build's schema> when this build
//   migrates the database further (a baseline refuses a database a newer release migrated).
// The orders export over HTTP on an already seeded database (BENCH_ADMIN_DATABASE_URL's, or any
// with orders), measured by the CPU it costs: the shop server's process and the database's
// backends for the export's connections, in seconds per 100 000 rows, beside the rows per second.
// On a shared machine the wall clock measures the other work; the CPU seconds a row costs are what
// a quiet machine's two cores divide between them (docs/performance.md, round 4). Needs `npm run
// build`; the database is only read (and the audit log gets a line per download).
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { login } from './admin';
import { startShopServer } from './lib/server';
import { round } from './lib/stats';

const args = process.argv.slice(2);
const url = args.find((a) => a.includes('://'));
if (!url) throw new Error('usage: bench/export-cpu.ts <database URL> [rows] [--rounds=N] [--locale=sv|en]');
const rows = Number(args.find((a) => /^\d+$/.test(a)) ?? 200_000);
const rounds = Number(args.find((a) => a.startsWith('--rounds='))?.slice('--rounds='.length) ?? 2);
const locale = args.find((a) => a.startsWith('--locale='))?.slice('--locale='.length) ?? 'sv';
interface Build {
  label: string;
  cwd: string | undefined;
  databaseUrl: string;
}
const builds: Build[] = [
  ...(process.env.BENCH_BASELINE_DIR
    ? [
        {
          label: 'baseline',
          cwd: process.env.BENCH_BASELINE_DIR,
          databaseUrl: process.env.BENCH_BASELINE_DATABASE_URL ?? url,
        },
      ]
    : []),
  { label: 'this', cwd: undefined, databaseUrl: url },
];

/** CPU seconds (user + system) a process has used, from /proc (Linux). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0; // ended
  }
}

/** The database's backends serving `url` other than ours, with the CPU each has used so far. */
async function backendCpu(databaseUrl: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: found } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return new Map(found.map(({ pid }) => [pid, cpuSeconds(pid)]));
  } finally {
    await client.end();
  }
}

async function exportOnce({ label, cwd, databaseUrl }: Build): Promise<string> {
  const server = await startShopServer({ databaseUrl, ...(cwd ? { cwd } : {}) });
  try {
    const cookie = await login(server);
    const before = await backendCpu(databaseUrl);
    const serverBefore = cpuSeconds(server.process.pid);
    const started = performance.now();
    const response = await fetch(`${server.url}/api/admin/orders.csv`, {
      headers: { cookie, 'accept-language': locale },
    });
    if (response.status !== 200 || !response.body) throw new Error(`the export answered ${response.status}`);
    let lines = -1; // the header
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      if (lines >= rows) break;
    }
    const seconds = (performance.now() - started) / 1000;
    const serverCpu = cpuSeconds(server.process.pid) - serverBefore;
    let databaseCpu = 0;
    for (const [pid, used] of await backendCpu(databaseUrl)) databaseCpu += used - (before.get(pid) ?? 0);
    const per = (cpu: number) => round((cpu / lines) * 100_000, 2);
    return `${label.padEnd(8)} ${lines} rows in ${round(seconds, 1)} s = ${Math.round(lines / seconds)} rows/s; CPU per 100 000 rows: server ${per(serverCpu)} s, database ${per(databaseCpu)} s, together ${per(serverCpu + databaseCpu)} s`;
  } finally {
    await server.stop();
  }
}

for (let i = 0; i < rounds; i++)
  for (const build of builds) process.stdout.write(`${await exportOnce(build)}\n`);
process.stdout.write(
  `load average: ${(await import('node:os'))
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}\n`,
);

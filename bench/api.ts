import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOnce, summarise, type LoadRun, type LoadSummary } from './lib/load';
import { startProcess, type RunningServer } from './lib/server';
import { round } from './lib/stats';

export const apiBudget = { ratio: 0.8 };

export interface ApiResult {
  path: string;
  bodyBytes: number;
  headerBytes: number;
  shop: LoadSummary;
  bare: LoadSummary;
  /** shop requests/s ÷ bare requests/s (medians). */
  ratio: number;
  budgetOk: boolean;
}

const hopByHop = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * GET /api/products on the shop against a bare Node server answering the same bytes with the same
 * headers, in alternating runs so both see the same machine load.
 */
export async function runApiLoad(shop: RunningServer, runs: number, seconds: number): Promise<ApiResult> {
  const path = '/api/products';
  const response = await fetch(shop.url + path);
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!hopByHop.has(name)) headers[name] = value;
  });
  const headerBytes = Object.entries(headers).reduce(
    (sum, [name, value]) => sum + name.length + value.length + 4,
    0,
  );

  const dir = mkdtempSync(join(tmpdir(), 'shop-bench-bare-'));
  const recorded = join(dir, 'answer.json');
  writeFileSync(
    recorded,
    JSON.stringify({ status: response.status, headers, body: body.toString('base64') }),
  );
  const bare = await startProcess(['--import', 'tsx', 'bench/bare-server.ts', recorded], {});
  try {
    const options = (url: string) => ({ url: url + path, connections: 20, duration: seconds });
    // Warm both up (JIT, connection pools) before measuring.
    await loadOnce({ ...options(bare.url), duration: 2 });
    await loadOnce({ ...options(shop.url), duration: 2 });
    const bareRuns: LoadRun[] = [];
    const shopRuns: LoadRun[] = [];
    for (let i = 0; i < runs; i++) {
      bareRuns.push(await loadOnce(options(bare.url)));
      shopRuns.push(await loadOnce(options(shop.url)));
    }
    const shopSummary = summarise(shopRuns);
    const bareSummary = summarise(bareRuns);
    const ratio = round(shopSummary.requestsPerSecond / bareSummary.requestsPerSecond, 2);
    return {
      path,
      bodyBytes: body.length,
      headerBytes,
      shop: shopSummary,
      bare: bareSummary,
      ratio,
      budgetOk: ratio >= apiBudget.ratio && shopSummary.non2xx === 0 && shopSummary.errors === 0,
    };
  } finally {
    await bare.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface LogCostResult {
  path: string;
  /** LOG_LEVEL=info: two lines per request (request and response). */
  info: LoadSummary;
  /** LOG_LEVEL=warn (the default): no line per request. */
  warn: LoadSummary;
  /** Throughput lost to per-request logging: 1 − info/warn requests/s, in percent. */
  costPercent: number;
}

/**
 * What logging two info lines per request costs: the same endpoint on two shops, one at
 * LOG_LEVEL=info and one at warn, in alternating runs so both see the same machine load.
 */
export async function runLogCost(
  startShop: (env: Record<string, string>) => Promise<RunningServer>,
  runs: number,
  seconds: number,
): Promise<LogCostResult> {
  const path = '/api/products';
  const info = await startShop({ LOG_LEVEL: 'info' });
  const warn = await startShop({ LOG_LEVEL: 'warn' });
  try {
    const options = (url: string) => ({ url: url + path, connections: 20, duration: seconds });
    await loadOnce({ ...options(info.url), duration: 2 });
    await loadOnce({ ...options(warn.url), duration: 2 });
    const infoRuns: LoadRun[] = [];
    const warnRuns: LoadRun[] = [];
    for (let i = 0; i < runs; i++) {
      infoRuns.push(await loadOnce(options(info.url)));
      warnRuns.push(await loadOnce(options(warn.url)));
    }
    const infoSummary = summarise(infoRuns);
    const warnSummary = summarise(warnRuns);
    return {
      path,
      info: infoSummary,
      warn: warnSummary,
      costPercent: round((1 - infoSummary.requestsPerSecond / warnSummary.requestsPerSecond) * 100, 1),
    };
  } finally {
    await info.stop();
    await warn.stop();
  }
}

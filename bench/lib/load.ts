import autocannon, { type Options } from 'autocannon';
import { median, percentile, round } from './stats';

export interface LoadRun {
  requestsPerSecond: number;
  p95Ms: number;
  p99Ms: number;
  /** Answers outside 2xx, and connection errors/timeouts: a load figure only counts when these are 0. */
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
}

export interface LoadSummary {
  runs: LoadRun[];
  requestsPerSecond: number;
  p95Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

/** One autocannon run; every response time is kept, so any percentile is exact. */
export async function loadOnce(options: Options): Promise<LoadRun> {
  const times: number[] = [];
  const statusCodes: Record<string, number> = {};
  const instance = autocannon({ connections: 10, duration: 5, timeout: 10, ...options });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    times.push(responseTime);
    statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
  });
  const result = await instance;
  return {
    requestsPerSecond: round(result.requests.total / result.duration, 0),
    p95Ms: round(percentile(times, 95), 2),
    p99Ms: round(percentile(times, 99), 2),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes,
  };
}

/** Medians over several runs. */
export function summarise(runs: LoadRun[]): LoadSummary {
  return {
    runs,
    requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
    p95Ms: round(median(runs.map((r) => r.p95Ms)), 2),
    p99Ms: round(median(runs.map((r) => r.p99Ms)), 2),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  };
}

export async function load(options: Options, runs: number): Promise<LoadSummary> {
  const results: LoadRun[] = [];
  for (let i = 0; i < runs; i++) results.push(await loadOnce(options));
  return summarise(results);
}

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generousLimits } from '../helpers/server';

/**
 * SIGTERM ends the process within its limit (10 s) whatever its stdout does: a log reader that
 * stopped reading (a full pipe) or one that has gone away. The server runs as its own process,
 * logging every request (LOG_LEVEL=info), its stdout a pipe this test controls.
 */
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const port = () => 20_000 + Math.floor(Math.random() * 20_000);

async function startShop(): Promise<{ child: ChildProcess; url: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-shutdown-'));
  dirs.push(dataDir);
  const listenOn = port();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      ...generousLimits,
      PORT: String(listenOn),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      RATES_URL: '',
      DATA_DIR: dataDir,
      ADMIN_PIN: '4711',
    },
    // stdout: a pipe nobody reads until the test says so; stderr is not the log.
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const url = `http://127.0.0.1:${listenOn}`;
  // Up when it answers (its stdout is not read, so the log cannot tell).
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/products`)).ok) break;
    } catch {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (i > 600) throw new Error('server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { child, url };
}

/** Many requests, each logged twice at info: far more than a pipe's 64 KB buffer holds. */
async function load(url: string, requests: number): Promise<number> {
  let ok = 0;
  for (let i = 0; i < requests; i += 50) {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => fetch(`${url}/api/products/hoodie?n=${'x'.repeat(200)}`)),
    );
    ok += answers.filter((a) => a.ok).length;
  }
  return ok;
}

function exitWithin(child: ChildProcess, ms: number): Promise<number | 'still running'> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) {
      resolve(child.exitCode);
      return;
    }
    const timer = setTimeout(() => resolve('still running'), ms);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code ?? -1);
    });
  });
}

describe('SIGTERM with a troubled log reader', () => {
  it('a reader that stopped reading: the shop keeps serving, and SIGTERM ends it within 10 s', async () => {
    const { child, url } = await startShop();
    try {
      // Nobody reads stdout: the pipe fills after a few hundred requests.
      expect(await load(url, 800)).toBe(800);
      const started = Date.now();
      child.kill('SIGTERM');
      expect(await exitWithin(child, 11_000)).toBe(0);
      expect(Date.now() - started).toBeLessThan(11_000);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('a reader that has gone away: the shop keeps serving, and SIGTERM ends it within 10 s', async () => {
    const { child, url } = await startShop();
    try {
      child.stdout?.destroy();
      expect(await load(url, 200)).toBe(200);
      const started = Date.now();
      child.kill('SIGTERM');
      expect(await exitWithin(child, 11_000)).not.toBe('still running');
      expect(Date.now() - started).toBeLessThan(11_000);
    } finally {
      child.kill('SIGKILL');
    }
  });
});

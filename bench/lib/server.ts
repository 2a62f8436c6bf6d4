import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { productionSettings } from '@tests/helpers/production-settings';

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** What the process printed on stderr (start-up errors). */
  stderr(): string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Starts `node <args>` with PORT set and waits until `readyPath` answers. */
export async function startProcess(
  args: string[],
  env: Record<string, string>,
  readyPath = '/',
  /** The folder to run in (another build of the shop, for a before-and-after bench). */
  cwd?: string,
): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    ...(cwd ? { cwd } : {}),
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${args.join(' ')} exited with ${child.exitCode}:\n${stderr}`);
    try {
      const response = await fetch(url + readyPath);
      await response.arrayBuffer();
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`${args.join(' ')} did not answer within 180 s:\n${stderr}`);
      }
      await sleep(100);
    }
  }
  return {
    url,
    process: child,
    stderr: () => stderr,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The production server (`node dist/server/main.js`, after `npm run build`) in its own process,
 * on its own data folder; PostgreSQL when databaseUrl is given, else embedded PGlite on disk.
 */
export async function startShopServer(
  options: {
    databaseUrl?: string;
    env?: Record<string, string>;
    /** A data folder prepared by the caller (and removed by it); default a fresh temporary one. */
    dataDir?: string;
    /** Another checkout of the shop, built, to run instead of this one (BENCH_BASELINE_DIR). */
    cwd?: string;
  } = {},
): Promise<RunningServer & { dataDir: string }> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'shop-bench-'));
  const server = await startProcess(
    ['dist/server/main.js'],
    {
      // NODE_ENV=production refuses the demo seller: a real-looking one (tests/helpers).
      ...productionSettings,
      LOG_LEVEL: 'warn',
      RATES_URL: '',
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      ADMIN_PIN: benchAdminPin,
      // Load comes from one address: per-client order limits would measure the throttle instead.
      ORDERS_PER_CLIENT_PER_HOUR: '1000000000',
      ORDERS_PER_EMAIL_PER_HOUR: '1000000000',
      PARTNER_APPLICATIONS_PER_CLIENT_PER_HOUR: '1000000000',
      ...options.env,
    },
    '/api/products',
    options.cwd,
  );
  return {
    ...server,
    dataDir,
    async stop() {
      await server.stop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const benchAdminPin = '480516';

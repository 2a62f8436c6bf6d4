import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { generousLimits, longKeepAlive } from './server';

export interface ServerProcess {
  url: string;
  process: ChildProcess;
  /** Every log line the server printed (pino JSON), for assertions about what it logged. */
  logs: string[];
  /** Ends the process with a signal and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * The real server as its own operating-system process (the same entry `npm start` runs, from
 * source), so a test can kill it with SIGKILL and start it again on the same data.
 */
export async function startServerProcess(
  env: Record<string, string>,
  /** Another checkout of the shop to run (an earlier release's source tree); this one by default. */
  cwd?: string,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    ...(cwd ? { cwd } : {}),
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      RATES_URL: '',
      ...generousLimits,
      ...longKeepAlive,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    // A fresh data folder starts with initdb and every migration: a minute or more on a busy machine.
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${logs.join('\n')}`)), 180_000);
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        logs.push(line);
        // Fastify's own line (LOG_LEVEL=info), or the shop's "listening on" line (any level).
        const match = /(?:Server listening at|listening on) (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
    }
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${String(code)} before listening:\n${logs.join('\n')}`));
    });
  });
  return {
    url,
    process: child,
    logs,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Starts the server process expecting it to refuse: its exit code and everything it printed. */
export async function failedServerStart(
  env: Record<string, string>,
  cwd?: string,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    ...(cwd ? { cwd } : {}),
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', RATES_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  clearTimeout(timer);
  return { code, output };
}

import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '../helpers/process-server';
import { createPostgresDatabase, request, startServer, testDatabaseUrl } from '../helpers/server';
import { startS3 } from '../helpers/s3';
import { startTcpProxy } from '../helpers/tcp-proxy';
import { streamUpload } from '../helpers/upload-stream';

/**
 * What a load balancer sees: /healthz (alive), /readyz (send traffic), and during a SIGTERM
 * shutdown /readyz answering 503 at once while a slow request already in flight still finishes.
 */
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('health and readiness', () => {
  it('a running shop is alive and ready; with its database gone it stays alive but is not ready', async () => {
    const server = await startServer();
    try {
      expect(await request(server, '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
      expect(await request(server, '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
      await server.database.close();
      expect(await request(server, '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
      expect(await request(server, '/readyz')).toMatchObject({
        status: 503,
        body: { status: 'database unavailable', failing: ['database'] },
      });
    } finally {
      await server.close().catch(() => undefined);
    }
  });

  it(
    'SIGTERM: /readyz answers 503 within a second while a slow upload in flight completes, then the process exits 0',
    { timeout: 240_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'shop-readiness-'));
      dirs.push(dataDir);
      const shop = await startServerProcess({ DATA_DIR: dataDir, SHUTDOWN_DRAIN_SECONDS: '3' });
      const exited = new Promise<number | null>((resolve) => shop.process.once('exit', resolve));
      try {
        expect((await fetch(`${shop.url}/readyz`)).status).toBe(200);
        let resume: () => void = () => undefined;
        let halfSent: () => void = () => undefined;
        const reachedHalf = new Promise<void>((resolve) => (halfSent = resolve));
        const upload = streamUpload(shop, {
          size: 2 * 1024 * 1024,
          pauseAfter: {
            bytes: 256 * 1024,
            until: () => {
              halfSent();
              return new Promise<void>((done) => (resume = done));
            },
          },
        });
        await reachedHalf;

        const signalled = Date.now();
        shop.process.kill('SIGTERM');
        let readyStatus = 0;
        let body: unknown;
        while (Date.now() - signalled < 1_000) {
          const answer = await fetch(`${shop.url}/readyz`);
          readyStatus = answer.status;
          body = await answer.json();
          if (readyStatus === 503) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(readyStatus).toBe(503);
        expect(body).toEqual({ status: 'shutting down' });
        expect(Date.now() - signalled).toBeLessThan(1_000);
        // Still alive (a liveness probe must not kill a draining instance).
        expect((await fetch(`${shop.url}/healthz`)).status).toBe(200);

        // The request that was in flight when SIGTERM arrived finishes normally.
        resume();
        const answer = await upload;
        expect(answer.status).toBe(201);
        expect(await exited).toBe(0);
      } finally {
        await shop.stop('SIGKILL');
      }
    },
  );
});

describe('an upload store outage', () => {
  it('S3 gone: /readyz 503 naming the upload store while /healthz stays 200; back: ready', async () => {
    const s3 = await startS3();
    const endpoint = new URL(s3.env.S3_ENDPOINT ?? '');
    const proxy = await startTcpProxy(endpoint.hostname, Number(endpoint.port));
    const server = await startServer({ env: { ...s3.env, S3_ENDPOINT: `http://${proxy.address}` } });
    try {
      expect(await request(server, '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
      proxy.cut();
      expect(await request(server, '/readyz')).toMatchObject({
        status: 503,
        body: { status: 'upload store unavailable', failing: ['upload store'] },
      });
      expect((await request(server, '/healthz')).status).toBe(200);
      proxy.restore();
      expect((await request(server, '/readyz')).status).toBe(200);
    } finally {
      await server.close();
      await proxy.close();
      await s3.close();
    }
  });
});

/**
 * `work`, or a failure that names it if it takes longer than `ms`: the outage test twice ran into
 * its time limit on a loaded machine without a word of where (docs/testing.md), so each of its
 * steps has its own bound, well inside the test's.
 */
async function step<T>(label: string, ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`stalled: ${label} took more than ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, stalled]);
  } finally {
    clearTimeout(timer);
  }
}

describe.skipIf(!testDatabaseUrl)('a PostgreSQL outage, as a load balancer sees it', () => {
  it(
    'the database gone: /healthz 200, /readyz 503 naming it, the catalogue still served (and said to be stale); back: ready',
    // Its database, proxy and server start inside the test (migrations through the proxy), and the
    // recovery is polled for a minute: more than the project's 120 s on a loaded machine.
    { timeout: 600_000 },
    async () => {
      const database = await step('creating the database', 120_000, createPostgresDatabase());
      const target = new URL(database.url);
      const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
      const proxied = new URL(database.url);
      proxied.host = proxy.address;
      const logs: string[] = [];
      // Every request checks the catalogue's version (CATALOGUE_CHECK_MS=0): the worst case.
      const server = await step(
        'starting the server (its migrations through the proxy)',
        180_000,
        startServer({
          databaseUrl: proxied.toString(),
          env: { CATALOGUE_CHECK_MS: '0', LOG_LEVEL: 'warn' },
          logStream: { write: (line) => logs.push(line) },
        }),
      );
      const ask = <T = unknown>(path: string, init?: Parameters<typeof request>[2]) =>
        step(`GET ${path}`, 30_000, request<T>(server, path, init));
      try {
        expect((await ask('/readyz')).status).toBe(200);
        expect((await ask('/api/products')).status).toBe(200);

        proxy.cut();
        expect(await ask('/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
        expect(await ask('/readyz')).toMatchObject({
          status: 503,
          body: { status: 'database unavailable', failing: ['database'] },
        });
        const products = await ask<unknown[]>('/api/products');
        expect(products.status).toBe(200);
        expect(products.body).toHaveLength(17);
        expect(products.headers.get('x-catalogue-stale')).toMatch(/^since \d{4}-\d\d-\d\dT/);
        // A request that needs the database fails (500), and the log says why, in the error's words.
        const order = await ask('/api/orders/INV-1', {
          headers: { 'x-order-token': 'a'.repeat(43) },
        });
        expect(order.status).toBe(500);
        const outage = logs.map((line) => JSON.parse(line) as { msg: string; err?: { message: string } });
        const stale = outage.find((line) => line.msg.startsWith('catalogue: the database does not answer'));
        expect(stale?.err?.message).toBeTruthy();
        expect(stale?.err?.message).not.toBe('non-Error thrown');
        expect(outage.some((line) => line.msg.startsWith('not ready: database:'))).toBe(true);
        const failed = outage.find((line) => line.msg === 'request failed');
        expect(failed?.err?.message).toBeTruthy();
        expect(failed?.err?.message).not.toBe('non-Error thrown');

        proxy.restore();
        // Polled as a load balancer does, for up to a minute (each answer within the probe's 2 s):
        // a failure names what the shop last said instead of running into the test's time limit.
        let last = await ask('/readyz');
        for (const until = Date.now() + 60_000; last.status !== 200 && Date.now() < until;) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          last = await ask('/readyz');
        }
        expect({ status: last.status, body: last.body }).toEqual({ status: 200, body: { status: 'ready' } });
        const again = await ask('/api/products');
        expect(again.status).toBe(200);
        expect(again.headers.get('x-catalogue-stale')).toBeNull();
      } finally {
        await step('closing the server', 60_000, server.close()).catch(() => undefined);
        await step('closing the proxy', 30_000, proxy.close());
        await step('dropping the database', 60_000, database.drop());
      }
    },
  );
});

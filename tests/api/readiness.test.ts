import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '../helpers/process-server';
import { startServer, request } from '../helpers/server';
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
        body: { status: 'database unavailable' },
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

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../helpers/process-server';
import { request } from '../helpers/server';

const dataDir = mkdtempSync(join(tmpdir(), 'shop-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the server process (npm start entry)', () => {
  it('shuts down cleanly on SIGTERM and starts again on the same embedded database', async () => {
    const first = await startServerProcess({ DATA_DIR: dataDir, ADMIN_PIN: '4711' });
    expect((await request(first, '/api/products/hoodie')).status).toBe(200);
    await first.stop('SIGTERM');
    expect(first.process.exitCode).toBe(0);
    expect(first.logs.some((line) => line.includes('shutting down'))).toBe(true);

    const second = await startServerProcess({ DATA_DIR: dataDir, ADMIN_PIN: '4711' });
    expect((await request(second, '/api/products')).status).toBe(200);
    await second.stop('SIGTERM');
    expect(second.process.exitCode).toBe(0);
  });

  it('refuses to start with a bad setting and names it', async () => {
    await expect(startServerProcess({ DATA_DIR: dataDir, PORT: 'eighty' })).rejects.toThrow(/PORT/);
  });
});

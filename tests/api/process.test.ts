import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { failedServerStart, startServerProcess } from '../helpers/process-server';
import { productionSettings } from '../helpers/production-settings';
import { request } from '../helpers/server';

const dataDir = mkdtempSync(join(tmpdir(), 'shop-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// Each start is a process of its own (tsx compiles the server, PGlite runs initdb): slow on a busy machine.
describe('the server process (npm start entry)', { timeout: 240_000 }, () => {
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

  it('in production, refuses the example settings (exit 1) with one message listing every demo setting, no stack', async () => {
    const example = parseEnv(readFileSync('.env.example', 'utf8'));
    const { code, output } = await failedServerStart({
      ...example,
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
    });
    expect(code).toBe(1);
    const lines = output.trim().split('\n');
    expect(lines[0]).toMatch(/^Invalid settings for production \(NODE_ENV=production\)/);
    expect(lines.slice(1).map((line) => line.trim().split(':')[0])).toEqual([
      'SELLER_NAME',
      'SELLER_ORG_NUMBER',
      'SELLER_VAT_NUMBER',
      'SELLER_ADDRESS',
      'SELLER_EMAIL',
      'SELLER_PHONE',
      'SELLER_BANK_ACCOUNT',
      'SELLER_BANKGIRO',
      'SELLER_IBAN',
      'SELLER_IBAN_EUR',
      'SHOP_EMAIL',
      'MAIL_FROM',
      'PUBLIC_BASE_URL',
      'SMTP_URL',
    ]);
    expect(output.split('\n').filter((line) => line.trimStart().startsWith('at '))).toEqual([]);
  });

  it('a start that fails on its database says why in one line; with real settings it logs one "listening on" line at the default level', async () => {
    const refused = await failedServerStart({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: 'postgres://shop:secret@127.0.0.1:1/shop',
    });
    expect(refused.code).toBe(1);
    expect(refused.output.trim()).toMatch(/^Could not start the shop: .*ECONNREFUSED 127\.0\.0\.1:1$/);
    expect(refused.output).not.toContain('secret');

    const shop = await startServerProcess({ ...productionSettings, DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    try {
      const listening = shop.logs.filter((line) => line.includes('listening on'));
      expect(listening).toHaveLength(1);
      expect(listening[0]).toContain(
        `listening on ${shop.url} (database: embedded PGlite in ${dataDir}/db, upload store: disk ${dataDir}/uploads, mail: files in ${dataDir}/outbox)`,
      );
    } finally {
      await shop.stop('SIGTERM');
    }
  });
});

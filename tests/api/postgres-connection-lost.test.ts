import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '@/server/db/client';
import { createPostgresDatabase, testDatabaseUrl } from '../helpers/server';
import { startTcpProxy } from '../helpers/tcp-proxy';

describe.skipIf(!testDatabaseUrl)('a PostgreSQL connection reset while the shop holds it', () => {
  it('fails the work that held it, not the process; the next work gets a new connection', async () => {
    const database = await createPostgresDatabase();
    const target = new URL(database.url);
    const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const proxied = new URL(database.url);
    proxied.host = proxy.address;
    const shop = await openPostgres(proxied.toString(), 2);
    try {
      // Between two statements of one piece of work (no statement running): the reset reaches the
      // client as an 'error' event while pg-pool has no listener on it.
      const held = shop.withConnection(async (exec) => {
        await exec('SELECT 1');
        proxy.cut();
        await sleep(200);
        return exec('SELECT 2');
      });
      await expect(held).rejects.toThrow();

      proxy.restore();
      const again = await shop.withConnection((exec) => exec('SELECT 3 AS n'));
      expect(again).toEqual([{ n: 3 }]);
    } finally {
      await shop.close().catch(() => undefined);
      await proxy.close();
      await database.drop();
    }
  });
});

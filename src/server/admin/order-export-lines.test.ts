import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openPglite, openPostgres } from '@/server/db/client';
import { functionsDir, migrate } from '@/server/db/migrate';
import { anonymiseOrders } from '@/server/orders';
import { adminLogin } from '@tests/helpers/admin';
import { insertTestOrder } from '@tests/helpers/orders';
import { insertApprovedProof } from '@tests/helpers/proofs';
import { releaseBefore } from '@tests/helpers/release-before';
import { seedOrders } from '@tests/helpers/seed-orders';
import {
  createPostgresDatabase,
  request,
  startServer,
  testDatabaseUrl,
  type TestServer,
} from '@tests/helpers/server';
import { parseCsv } from '@tests/helpers/csv';
import { columnsOfOrders, exportLinesFunctionsFile, storedLineExpressions } from './order-export-lines';

const hint =
  'order-export-lines.ts and functions/0800_order_export_lines.sql differ: run `npm run db:functions`';

describe('the parts of the export line stored with each order', () => {
  it('the functions file is written from the export’s cells', () => {
    expect(readFileSync(join(functionsDir, '0800_order_export_lines.sql'), 'utf8'), hint).toBe(
      exportLinesFunctionsFile(),
    );
  });

  it('migration 6850 stores, for the orders already there, what the trigger writes (PGlite)', async () => {
    const database = await openPglite();
    const before = releaseBefore('6850', ['0800_order_export_lines.sql', '0900_document_net_days.sql']);
    try {
      await migrate(database, before.migrations, before.functions);
      await database.withConnection((exec) => seedOrders(exec, 300));
      // A buyer's name that needs the formula guard and quotes doubled.
      await database.withConnection((exec) =>
        exec(`UPDATE orders SET customer_name = '=SUM("A1")' WHERE id % 7 = 0`),
      );
      // This migration and the ones after it.
      expect((await migrate(database))[0]).toBe('6850_order_export_lines.sql');
      const parts = storedLineExpressions(columnsOfOrders);
      const differs = parts.map((part) => `${part.column} IS DISTINCT FROM ${part.expression}`).join(' OR ');
      const row: Record<string, unknown> = await database.withConnection(async (exec) => {
        const [stored = {}] = await exec(
          `SELECT count(*)::integer AS orders, count(*) FILTER (WHERE ${differs})::integer AS differing,
             count(*) FILTER (WHERE export_line_standard_head = '' OR export_line_excel_tail = '')::integer AS empty,
             min(export_line_standard_head) FILTER (WHERE customer_name LIKE '=%') AS guarded
           FROM orders`,
        );
        // The trigger writes every part again at an update: the same text.
        await exec(
          `CREATE TEMP TABLE migrated AS SELECT id, ${parts.map((p) => p.column).join(', ')} FROM orders`,
        );
        await exec(`UPDATE orders SET status = status`);
        const [again] = await exec(
          `SELECT count(*)::integer AS differing FROM orders JOIN migrated USING (id)
           WHERE ${parts.map((p) => `orders.${p.column} IS DISTINCT FROM migrated.${p.column}`).join(' OR ')}`,
        );
        return { ...stored, afterUpdate: again?.differing };
      });
      expect(row).toMatchObject({ orders: 300, differing: 0, empty: 0, afterUpdate: 0 });
      expect(String(row.guarded)).toContain(`","'=SUM(""A1"")","`);
    } finally {
      await database.close();
      rmSync(before.dir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('an order changed after it was placed exports as it is now', () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startServer();
    cookie = await adminLogin(server);
  });
  afterAll(() => server.close());

  const exported = async (email: string, format = 'standard') => {
    const response = await fetch(
      `${server.url}/api/admin/orders.csv?q=${encodeURIComponent(email)}&format=${format}`,
      { headers: { cookie } },
    );
    expect(response.status).toBe(200);
    return parseCsv((await response.text()).replace(/^\uFEFF/, ''), format === 'excel-sv' ? ';' : ',').slice(
      1,
    );
  };

  it('a new order’s money cells are those of its empty ledger, as the ledger’s function makes them', async () => {
    const order = await insertTestOrder(server.database, { customerEmail: 'no-documents@example.se' });
    const [row] = await server.database.withConnection((exec) =>
      exec(`SELECT export_line_standard_money = order_export_money_standard(id) AS standard,
          export_line_excel_money = order_export_money_excel(id) AS excel, export_line_excel_money AS text
        FROM orders WHERE id = ${order.id}`),
    );
    expect(row).toEqual({ standard: true, excel: true, text: '";"";"";"0";"0";"Obetald' });
  });

  it('a status set by staff, in both formats', async () => {
    const order = await insertTestOrder(server.database, { customerEmail: 'status-line@example.se' });
    expect((await exported('status-line@example.se'))[0]?.[2]).toBe('pending');
    // Production needs the buyer's approved proof.
    await insertApprovedProof(server.database, order.id);
    const moved = await request(server, `/api/admin/orders/${order.orderNumber}/status`, {
      method: 'PATCH',
      headers: { cookie },
      json: { status: 'in_production' },
    });
    expect(moved.status).toBe(200);
    expect((await exported('status-line@example.se'))[0]?.[2]).toBe('in_production');
    expect((await exported('status-line@example.se', 'excel-sv'))[0]?.[2]).toBe('I produktion');
  });

  it('an erased buyer: no name, address or phone left in the line', async () => {
    const order = await insertTestOrder(server.database, {
      customerEmail: 'erase-line@example.se',
      customerName: 'Greta Glömd',
      customerPhone: '+46 70 111 22 33',
      customerAddress: 'Minnesgatan 1, 111 22 Stockholm',
    });
    const [line] = await exported('erase-line@example.se');
    expect(line?.slice(4, 10)).toContain('Greta Glömd');
    await anonymiseOrders(server.database.db, [order.id]);
    const response = await fetch(`${server.url}/api/admin/orders.csv?q=${order.orderNumber}`, {
      headers: { cookie },
    });
    const text = await response.text();
    expect(text).toContain(order.orderNumber);
    expect(text).not.toContain('Greta');
    expect(text).not.toContain('Minnesgatan');
    expect(text).not.toContain('111 22 33');
  });
});

describe.skipIf(!testDatabaseUrl)('two payments of one order at once, on PostgreSQL', () => {
  it('the stored money cells count both, whichever commits first', async () => {
    const created = await createPostgresDatabase();
    const database = await openPostgres(created.url, 2);
    const first = new pg.Client({ connectionString: created.url });
    const second = new pg.Client({ connectionString: created.url });
    try {
      await migrate(database);
      const order = await insertTestOrder(database, { customerEmail: 'two-payments@example.se' });
      const [invoice] = await database.withConnection((exec) =>
        exec(`INSERT INTO documents (order_id, kind, number, seq, issued_on, due_on, language, vat_treatment, net, vat, total, snapshot)
          VALUES (${order.id}, 'invoice', 'TWO-1', 777001, current_date, current_date + 30, 'sv', 'domestic', 800, 200, 1000, '{}')
          RETURNING id`),
      );
      await first.connect();
      await second.connect();
      const pay = (client: pg.Client, amount: string) =>
        client.query(
          `INSERT INTO payments (document_id, amount, paid_on, method) VALUES ($1, $2, current_date, 'bankgiro')`,
          [invoice?.id, amount],
        );
      await first.query('BEGIN');
      await pay(first, '300.00');
      await second.query('BEGIN');
      // Waits for the first transaction's lock on the order's row (the payment's touch).
      const waiting = pay(second, '200.00');
      await new Promise((resolve) => setTimeout(resolve, 200));
      await first.query('COMMIT');
      await waiting;
      await second.query('COMMIT');
      const [row] = await database.withConnection((exec) =>
        exec(
          `SELECT export_line_standard_money AS stored, order_export_money_standard(id) AS now FROM orders WHERE id = ${order.id}`,
        ),
      );
      expect(row?.stored).toBe(row?.now);
      expect(String(row?.stored)).toContain('","500.00","500.00","partly_paid');
    } finally {
      await first.end().catch(() => undefined);
      await second.end().catch(() => undefined);
      await database.close();
      await created.drop();
    }
  }, 60_000);
});

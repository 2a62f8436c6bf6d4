import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openPglite } from '@/server/db/client';
import { migrate } from '@/server/db/migrate';
import { releaseBefore } from '@tests/helpers/release-before';
import { seedOrders } from '@tests/helpers/seed-orders';

/**
 * The dashboard's net turnover reads day totals that triggers on documents keep
 * (migrations/6900_document_net_days.sql): after the upgrade and after every kind of write they
 * hold what summing the documents themselves gives, reminders left out.
 */
const differingDays = `SELECT count(*)::integer AS days FROM (
    SELECT issued_on AS day, sum(net) AS net FROM documents WHERE kind <> 'reminder' GROUP BY 1) AS direct
  FULL JOIN (SELECT day, sum(net) AS net FROM document_net_days GROUP BY 1 HAVING sum(net) <> 0) AS kept USING (day)
  WHERE direct.net IS DISTINCT FROM kept.net`;

describe('the day totals of the net turnover', () => {
  it('are filled at the upgrade and follow inserts, updates and deletes of documents (PGlite)', async () => {
    const database = await openPglite();
    const before = releaseBefore('6900', ['0900_document_net_days.sql']);
    try {
      await migrate(database, before.migrations, before.functions);
      await database.withConnection((exec) => seedOrders(exec, 300));
      expect((await migrate(database))[0]).toBe('6900_document_net_days.sql');
      const differing = async () => {
        const [row] = await database.withConnection((exec) => exec(differingDays));
        return row?.days;
      };
      const [seeded] = await database.withConnection((exec) =>
        exec(`SELECT count(DISTINCT day)::integer AS days, sum(net)::text AS net FROM document_net_days`),
      );
      expect(Number(seeded?.days)).toBeGreaterThan(10);
      expect(await differing()).toBe(0);
      await database.withConnection(async (exec) => {
        // A reminder (not counted), a supplementary invoice on a day of its own, a document taken
        // out, and one whose amounts change.
        await exec(`INSERT INTO documents (order_id, kind, number, seq, issued_on, due_on, language, vat_treatment, net, vat, total, snapshot)
          SELECT id, 'reminder', 'REM-' || id, 8000000000000000 + id, DATE '2026-11-02', NULL, 'sv', 'domestic', 450, 0, 450, '{}'
          FROM orders WHERE id % 40 = 1`);
        await exec(`INSERT INTO documents (order_id, kind, number, seq, issued_on, due_on, language, vat_treatment, net, vat, total, snapshot)
          SELECT id, 'supplementary_invoice', 'SUP-' || id, 9000000000000000 + id, DATE '2026-11-03', DATE '2026-12-03', 'sv', 'domestic', 100, 25, 125, '{}'
          FROM orders WHERE id % 40 = 2`);
        await exec(
          `DELETE FROM payments WHERE document_id IN (SELECT id FROM documents WHERE order_id % 40 = 3)`,
        );
        await exec(`DELETE FROM documents WHERE order_id % 40 = 3 AND kind = 'credit_note'`);
        await exec(`DELETE FROM documents WHERE order_id % 40 = 3`);
        await exec(
          `UPDATE documents SET net = net + 8, vat = vat + 2, total = total + 10 WHERE kind = 'supplementary_invoice' AND order_id % 80 = 2`,
        );
      });
      expect(await differing()).toBe(0);
      const [after] = await database.withConnection((exec) =>
        exec(`SELECT sum(net)::text AS net FROM document_net_days WHERE day = DATE '2026-11-02'`),
      );
      // The reminders' day holds only what else was issued then, never their 450 kr.
      const [direct] = await database.withConnection((exec) =>
        exec(
          `SELECT coalesce(sum(net), 0)::text AS net FROM documents WHERE issued_on = DATE '2026-11-02' AND kind <> 'reminder'`,
        ),
      );
      expect(Number(after?.net ?? 0)).toBe(Number(direct?.net));
    } finally {
      await database.close();
      rmSync(before.dir, { recursive: true, force: true });
    }
  }, 180_000);
});

import { describe, expect, it } from 'vitest';
import { migrate } from '@/server/db/migrate';
import { openTestPglite } from '@tests/helpers/server';

const oldBeanie = {
  sv: 'Transfertryck eller brodyr fram.',
  en: 'Transfer print or embroidery on the front.',
};
const ownerCap = { sv: 'Brodyr fram, vår specialitet.', en: 'Embroidery on the front, our speciality.' };

describe('migration 4800: customiser products name the print methods they offer', () => {
  it("rewrites the old seed's wording on an upgraded shop and keeps the owner's own", async () => {
    const database = await openTestPglite();
    try {
      // A shop as it stood before 4800: the old seed's wording on the beanie, the owner's on the cap.
      await database.withConnection((exec) =>
        exec(`DELETE FROM schema_migrations WHERE name LIKE '4800%';
          DELETE FROM catalogue_products;
          INSERT INTO catalogue_products (id, record, sort_order) VALUES
          ('mossa', '{"facts":{"print":${JSON.stringify(oldBeanie)}}}', 1),
          ('baseball-keps', '{"facts":{"print":${JSON.stringify(ownerCap)}}}', 2)`),
      );
      expect(await migrate(database)).toEqual(['4800_customiser_print_facts.sql']);
      const rows = await database.withConnection((exec) =>
        exec(
          `SELECT id, record->'facts'->'print' AS print, version FROM catalogue_products ORDER BY sort_order`,
        ),
      );
      expect(rows).toEqual([
        {
          id: 'mossa',
          print: { sv: 'DTG- eller screentryck fram.', en: 'DTG or screen print on the front.' },
          version: 2,
        },
        { id: 'baseball-keps', print: ownerCap, version: 1 },
      ]);
    } finally {
      await database.close();
    }
  });
});

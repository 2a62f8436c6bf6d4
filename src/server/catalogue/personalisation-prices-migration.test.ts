import { describe, expect, it } from 'vitest';
import { migrate } from '@/server/db/migrate';
import { openTestPglite } from '@tests/helpers/server';

describe('migration 6550: garments get the personalisation prices the code had', () => {
  it('gives every garment without them 40 kr a name and 25 kr a number; keeps the owner’s, leaves the rest', async () => {
    const database = await openTestPglite();
    try {
      // A shop as it stood before 6550: a garment, a garment the owner already priced, a cap.
      await database.withConnection((exec) =>
        exec(`DELETE FROM schema_migrations WHERE name LIKE '6550%';
          DELETE FROM catalogue_products;
          INSERT INTO catalogue_products (id, record, sort_order) VALUES
          ('hoodie', '{"garment":true}', 1),
          ('barn-t-shirt', '{"garment":true,"personalisationPrices":{"number":"15"}}', 2),
          ('mossa', '{}', 3)`),
      );
      expect(await migrate(database)).toEqual(['6550_catalogue_personalisation_prices.sql']);
      const rows = await database.withConnection((exec) =>
        exec(
          `SELECT id, record->'personalisationPrices' AS prices, version FROM catalogue_products ORDER BY sort_order`,
        ),
      );
      expect(rows).toEqual([
        { id: 'hoodie', prices: { name: '40', number: '25' }, version: 2 },
        { id: 'barn-t-shirt', prices: { number: '15' }, version: 1 },
        { id: 'mossa', prices: null, version: 1 },
      ]);
    } finally {
      await database.close();
    }
  });
});

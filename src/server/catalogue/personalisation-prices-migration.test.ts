import { describe, expect, it } from 'vitest';
import { rerunCatalogueMigration } from '@tests/helpers/migrations';

describe('migration 6550: garments get the personalisation prices the code had', () => {
  it('gives every garment without them 40 kr a name and 25 kr a number; keeps the owner’s, leaves the rest', async () => {
    // A shop as it stood before 6550: a garment, a garment the owner already priced, a cap.
    const { ran, rows } = await rerunCatalogueMigration(
      '6550_catalogue_personalisation_prices.sql',
      [
        { id: 'hoodie', record: { garment: true } },
        { id: 'barn-t-shirt', record: { garment: true, personalisationPrices: { number: '15' } } },
        { id: 'mossa', record: {} },
      ],
      `SELECT id, record->'personalisationPrices' AS prices, version FROM catalogue_products ORDER BY sort_order`,
    );
    expect(ran).toEqual(['6550_catalogue_personalisation_prices.sql']);
    expect(rows).toEqual([
      { id: 'hoodie', prices: { name: '40', number: '25' }, version: 2 },
      { id: 'barn-t-shirt', prices: { number: '15' }, version: 1 },
      { id: 'mossa', prices: null, version: 1 },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { rerunCatalogueMigration } from '@tests/helpers/migrations';

const oldBeanie = {
  sv: 'Transfertryck eller brodyr fram.',
  en: 'Transfer print or embroidery on the front.',
};
const ownerCap = { sv: 'Brodyr fram, vår specialitet.', en: 'Embroidery on the front, our speciality.' };

describe('migration 4800: customiser products name the print methods they offer', () => {
  it("rewrites the old seed's wording on an upgraded shop and keeps the owner's own", async () => {
    // A shop as it stood before 4800: the old seed's wording on the beanie, the owner's on the cap.
    const { ran, rows } = await rerunCatalogueMigration(
      '4800_customiser_print_facts.sql',
      [
        { id: 'mossa', record: { facts: { print: oldBeanie } } },
        { id: 'baseball-keps', record: { facts: { print: ownerCap } } },
      ],
      `SELECT id, record->'facts'->'print' AS print, version FROM catalogue_products ORDER BY sort_order`,
    );
    expect(ran).toEqual(['4800_customiser_print_facts.sql']);
    expect(rows).toEqual([
      {
        id: 'mossa',
        print: { sv: 'DTG- eller screentryck fram.', en: 'DTG or screen print on the front.' },
        version: 2,
      },
      { id: 'baseball-keps', print: ownerCap, version: 1 },
    ]);
  });
});

import { migrate } from '@/server/db/migrate';
import { openTestPglite } from './server';

/**
 * Runs one migration again on a fresh database after `before` (SQL that puts the shop back as it
 * stood before it): answers the migrations that ran and the rows `after` selects then.
 */
export async function rerunMigration(
  file: string,
  before: string,
  after: string,
): Promise<{ ran: string[]; rows: unknown[] }> {
  const database = await openTestPglite();
  try {
    await database.withConnection((exec) =>
      exec(`DELETE FROM schema_migrations WHERE name = '${file}';\n${before}`),
    );
    const ran = await migrate(database);
    const rows = await database.withConnection((exec) => exec(after));
    return { ran, rows };
  } finally {
    await database.close();
  }
}

/**
 * {@link rerunMigration} of a catalogue migration on a catalogue of only `products` (their records
 * as stored, in this order): answers what ran and the rows `after` selects.
 */
export function rerunCatalogueMigration(
  file: string,
  products: readonly { id: string; record: Record<string, unknown> }[],
  after: string,
): Promise<{ ran: string[]; rows: unknown[] }> {
  const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
  const values = products.map(
    (product, index) => `(${literal(product.id)}, ${literal(JSON.stringify(product.record))}, ${index + 1})`,
  );
  return rerunMigration(
    file,
    `DELETE FROM catalogue_products;
     INSERT INTO catalogue_products (id, record, sort_order) VALUES ${values.join(', ')}`,
    after,
  );
}

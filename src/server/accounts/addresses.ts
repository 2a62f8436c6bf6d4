import { sql } from 'drizzle-orm';
import type { CountryCode } from '@/shared/countries';
import { MAX_SAVED_ADDRESSES, type SavedAddress } from '@/shared/saved-address';
import type { SavedAddressInput } from '@/shared/saved-address-schema';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';

/**
 * A signed-in buyer's saved delivery addresses (issue 43, docs/accounts.md). Every statement names
 * the account's address: one account never reads or changes another's row, whatever id it sends.
 */

type AddressRow = {
  id: number;
  label: string;
  country: CountryCode;
  address: string;
  savedAt: string;
};

const columns = sql`id::int AS id, label, country, address,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "savedAt"`;

/** The account's addresses in the order they were saved. */
export async function savedAddresses(db: Db, email: string): Promise<SavedAddress[]> {
  return queryRows<AddressRow>(
    db,
    sql`SELECT ${columns} FROM account_addresses WHERE email = ${email} ORDER BY id
      LIMIT ${MAX_SAVED_ADDRESSES}`,
  );
}

/**
 * Saves a new address; 'full' when the account holds MAX_SAVED_ADDRESSES already. The count and
 * the insert run under a lock on the account's address (a transaction-scoped advisory lock), so
 * two tabs saving at once cannot pass the limit together.
 */
export async function saveAddress(
  db: Db,
  email: string,
  input: SavedAddressInput,
): Promise<SavedAddress | 'full'> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`account_addresses:${email}`}, 0))`);
    const [held] = await queryRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM account_addresses WHERE email = ${email}`,
    );
    if ((held?.n ?? 0) >= MAX_SAVED_ADDRESSES) return 'full';
    const [saved] = await queryRows<AddressRow>(
      tx,
      sql`INSERT INTO account_addresses (email, label, country, address)
        VALUES (${email}, ${input.label}, ${input.country}, ${input.address}) RETURNING ${columns}`,
    );
    if (!saved) throw new Error('address not stored');
    return saved;
  });
}

/** Changes one of the account's addresses; undefined when it has none with that id. */
export async function changeAddress(
  db: Db,
  email: string,
  id: number,
  input: SavedAddressInput,
): Promise<SavedAddress | undefined> {
  const [changed] = await queryRows<AddressRow>(
    db,
    sql`UPDATE account_addresses SET label = ${input.label}, country = ${input.country}, address = ${input.address}
      WHERE id = ${id}::bigint AND email = ${email} RETURNING ${columns}`,
  );
  return changed;
}

/** Removes one of the account's addresses; false when it has none with that id. */
export async function removeAddress(db: Db, email: string, id: number): Promise<boolean> {
  const removed = await queryRows<{ id: number }>(
    db,
    sql`DELETE FROM account_addresses WHERE id = ${id}::bigint AND email = ${email} RETURNING id::int AS id`,
  );
  return removed.length > 0;
}

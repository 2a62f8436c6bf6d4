import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import type { Locale } from '@/shared/i18n/locale';
import { orderAdminMessages } from '@/shared/i18n/messages/order-admin';

/** What an erased name or address reads as stored (issue 43, src/server/accounts/erasure.ts). */
export const ERASED_TEXT = orderAdminMessages.sv.erased;

/** The address an erased order keeps (anonymiseOrders): prefix, the order's id, domain; never deliverable. */
const erasedAddress = { prefix: 'raderad-', domain: '@example.invalid' } as const;
const isErasedAddress = (email: string) =>
  email.startsWith(erasedAddress.prefix) && email.endsWith(erasedAddress.domain);

/**
 * An order's name or address as a reader sees it: the stored word of an erased order in the
 * reader's language ("Erased" to English staff), anything else as it is. Only an erased order's
 * fields are read so: a buyer who is really called Raderad keeps the name.
 */
export function readErasable(value: string, email: string, locale: Locale | undefined): string {
  return locale !== undefined && value === ERASED_TEXT && isErasedAddress(email)
    ? orderAdminMessages[locale].erased
    : value;
}

/** The orders placed with an address (any case), for an erasure (src/server/accounts/erasure.ts). */
export async function orderIdsPlacedWith(tx: Db, email: string): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id::int AS id FROM orders WHERE lower(customer_email) = ${email} ORDER BY id`,
  );
  return rows.map((row) => row.id);
}

/**
 * Erasure (GDPR art. 17) of orders no law keeps any more: the buyer's personal details — name,
 * email, phone, personnummer, addresses, their reference — are replaced; a company's name,
 * organisation and VAT number (no natural person's data) and the lines and amounts stay. The
 * caller decides which orders bokföringslagen (1999:1078) 7 kap. 2 § still keeps: those are
 * never passed here.
 */
export async function anonymiseOrders(tx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(
    sql`UPDATE orders SET customer_name = ${ERASED_TEXT}, customer_email = ${erasedAddress.prefix}::text || id || ${erasedAddress.domain}::text,
        customer_phone = '', customer_personal_number = NULL, customer_address = ${ERASED_TEXT},
        delivery_address = ${ERASED_TEXT}, billing_address = NULL, buyer_reference = NULL
      WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}::bigint`),
        sql`, `,
      )})`,
  );
}

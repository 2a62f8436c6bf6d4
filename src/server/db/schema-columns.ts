import { bigint, customType, date, numeric, timestamp } from 'drizzle-orm/pg-core';

/**
 * The column kinds the tables share, each written once as the migrations declare it, so a table
 * reads as its columns' names and meanings (the schema-parity test holds each to its SQL).
 */

/** `bytea` read and written as a Buffer: a document's PDF as rendered, byte for byte. */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** `bigint` as a JavaScript number: our ids and sequence numbers stay far below 2^53. */
export function bigintNumber<Name extends string>(name: Name) {
  return bigint(name, { mode: 'number' });
}

/** `id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY`. */
export function identityId() {
  return bigintNumber('id').primaryKey().generatedAlwaysAsIdentity();
}

/** `timestamptz`: an instant. */
export function timestampTz<Name extends string>(name: Name) {
  return timestamp(name, { withTimezone: true });
}

/** `created_at timestamptz NOT NULL DEFAULT now()`. */
export function createdAt() {
  return timestampTz('created_at').notNull().defaultNow();
}

/** `numeric(14,2)`: an amount in kronor (or euros) and öre, exact, as a decimal string. */
export function money<Name extends string>(name: Name) {
  return numeric(name, { precision: 14, scale: 2 });
}

/** `date` as 'YYYY-MM-DD': a calendar day (in Europe/Stockholm where it is ours). */
export function isoDate<Name extends string>(name: Name) {
  return date(name, { mode: 'string' });
}

import { bigint, check, customType, date, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { locales } from '@/shared/i18n/locale';
import { oneOf } from './schema-checks';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** See migrations/3100_reminders.sql. */
/** A customer statement (kontoutdrag) as emailed. */
export const customerStatements = pgTable(
  'customer_statements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: text('customer_id').notNull(),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    language: text('language', { enum: locales }).notNull(),
    email: text('email').notNull(),
    pdf: bytea('pdf').notNull(),
    sentBy: text('sent_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('customer_statements_language_check', oneOf(t.language, locales))],
);

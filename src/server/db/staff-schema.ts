import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { bigintNumber, identityId, timestampTz, createdAt } from './schema-columns';
import { auditActions, staffRoles } from '@/shared/staff';
import { orders } from './orders-schema';
import { oneOf } from './schema-checks';

/** See migrations/2600_staff.sql: people who log in to the admin, never deleted (the audit names them). */
export const staff = pgTable(
  'staff',
  {
    id: identityId(),
    name: text('name').notNull(),
    email: text('email'),
    role: text('role', { enum: staffRoles }).notNull(),
    /** The PIN's scrypt hash, checked at login. */
    pinHash: text('pin_hash').notNull(),
    /** HMAC-SHA256 of the PIN with the shop's key: finds the person (src/server/staff/pins.ts). */
    pinLookup: text('pin_lookup').unique(),
    createdAt: createdAt(),
    removedAt: timestampTz('removed_at'),
  },
  (t) => [
    check('staff_role_check', oneOf(t.role, staffRoles)),
    check('staff_name_check', sql`char_length(${t.name}) BETWEEN 1 AND 100`),
    check('staff_email_check', sql`char_length(${t.email}) <= 254`),
    check('staff_removed_has_no_pin', sql`${t.removedAt} IS NULL OR ${t.pinLookup} IS NULL`),
  ],
);

/** Who did what: append-only (a trigger refuses UPDATE and DELETE), see the migration. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: identityId(),
    at: timestampTz('at').notNull().defaultNow(),
    staffId: bigintNumber('staff_id').references(() => staff.id),
    action: text('action', { enum: auditActions }).notNull(),
    target: text('target').notNull(),
    orderId: bigintNumber('order_id').references(() => orders.id),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_events_order_idx')
      .on(t.orderId, t.at)
      .where(sql`${t.orderId} IS NOT NULL`),
    index('audit_events_staff_idx').on(t.staffId, t.at),
    check('audit_events_action_check', oneOf(t.action, auditActions)),
    check('audit_events_target_check', sql`char_length(${t.target}) <= 200`),
  ],
);

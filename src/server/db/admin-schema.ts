import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bigintNumber, timestampTz, createdAt } from './schema-columns';
import { staff } from './staff-schema';

/** See migrations/0300_admin.sql. Only the sha256 of the session token is stored. */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    createdAt: createdAt(),
    lastSeenAt: timestampTz('last_seen_at').notNull().defaultNow(),
    /** sha256 of the PIN hash the session was opened with (see migrations/1400_admin_hardening.sql). */
    pinFingerprint: text('pin_fingerprint').notNull(),
    /** Whose session (migrations/2600_staff.sql); the fingerprint is of that person's PIN hash. */
    staffId: bigintNumber('staff_id')
      .notNull()
      .references(() => staff.id),
  },
  (t) => [
    index('admin_sessions_last_seen_idx').on(t.lastSeenAt),
    index('admin_sessions_staff_idx').on(t.staffId),
  ],
);

/** Browsers that logged in before (sha256 of their device cookie): see migrations 1400 and 4000. */
export const adminDevices = pgTable(
  'admin_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    createdAt: createdAt(),
    lastLoginAt: timestampTz('last_login_at').notNull().defaultNow(),
    /** Who last logged in on it: its wrong PINs count against that person's budget. */
    staffId: bigintNumber('staff_id')
      .notNull()
      .references(() => staff.id),
  },
  (t) => [
    index('admin_devices_last_login_idx').on(t.lastLoginAt),
    index('admin_devices_staff_idx').on(t.staffId, t.lastLoginAt),
  ],
);

export const adminLoginAttempts = pgTable('admin_login_attempts', {
  bucket: text('bucket').primaryKey(),
  windowStart: timestampTz('window_start').notNull().defaultNow(),
  failures: integer('failures').notNull().default(0),
});

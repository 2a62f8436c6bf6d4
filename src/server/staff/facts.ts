import { sql, type SQL } from 'drizzle-orm';

/**
 * Staff who may work now (not removed), as a derived table for a join in another domain's
 * statement: id, name, role and pin_fingerprint, the sha256 (hex) of their stored PIN hash, never
 * the hash itself. A session checks it against the fingerprint it was opened with, so a changed or
 * reset PIN ends it. E.g. `JOIN ${activeStaffSql} s ON s.id = a.staff_id`.
 */
export const activeStaffSql: SQL = sql`(SELECT id, name, role,
    encode(sha256(convert_to(pin_hash, 'UTF8')), 'hex') AS pin_fingerprint
  FROM staff WHERE removed_at IS NULL)`;

/**
 * Every person's name by id, removed ones too (a decision names who made it), as a derived table
 * for a join: `LEFT JOIN ${staffNamesSql} s ON s.id = b.decided_by`.
 */
export const staffNamesSql: SQL = sql`(SELECT id, name FROM staff)`;

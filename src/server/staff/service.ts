import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import type { StaffMember, StaffRole } from '@/shared/staff';
import { recordAudit } from './audit';
import { issuePin, verifyPin } from './pins';

interface StaffRow extends Record<string, unknown> {
  id: string;
  name: string;
  email: string | null;
  role: StaffRole;
  created_at: string;
}

const toMember = (row: StaffRow): StaffMember => ({
  id: Number(row.id),
  name: row.name,
  email: row.email,
  role: row.role,
  createdAt: row.created_at,
});

const columns = sql`id::text AS id, name, email, role,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at`;

/** The people who may log in, oldest first. */
export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await queryRows<StaffRow>(
    db,
    sql`SELECT ${columns} FROM staff WHERE removed_at IS NULL ORDER BY id`,
  );
  return rows.map(toMember);
}

async function lockedMember(tx: Db, id: number): Promise<StaffMember | undefined> {
  const [row] = await queryRows<StaffRow>(
    tx,
    sql`SELECT ${columns} FROM staff WHERE id = ${id} AND removed_at IS NULL FOR UPDATE`,
  );
  return row && toMember(row);
}

/** Owners other than `id` who may still log in: the shop always keeps one. */
async function otherOwners(tx: Db, id: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM staff WHERE role = 'owner' AND removed_at IS NULL AND id <> ${id}`,
  );
  return row?.n ?? 0;
}

/** Serialises staff changes, so two owners cannot both remove the other, or give two people one PIN. */
const lockStaff = (tx: Db) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('staff_changes'))`);

export type StaffResult<T> =
  { ok: true; value: T } | { ok: false; reason: 'not-found' | 'last-owner' | 'self' | 'wrong-pin' };

/** Adds a person with a PIN the shop makes; answers them and their PIN (shown once, never stored). */
export async function addStaff(
  db: Db,
  actorId: number,
  input: { name: string; email: string | null; role: StaffRole },
): Promise<StaffResult<StaffMember & { pin: string }>> {
  const pin = await issuePin(db);
  return db.transaction(async (tx) => {
    await lockStaff(tx);
    const [row] = await queryRows<StaffRow>(
      tx,
      sql`INSERT INTO staff (name, email, role, pin_hash, pin_lookup)
          VALUES (${input.name}, ${input.email}, ${input.role}, ${pin.pinHash}, ${pin.pinLookup})
          RETURNING ${columns}`,
    );
    if (!row) throw new Error('INSERT INTO staff answered no row');
    const member = toMember(row);
    await recordAudit(tx, {
      staffId: actorId,
      action: 'staff_add',
      target: member.name,
      after: { id: member.id, name: member.name, email: member.email, role: member.role },
    });
    return { ok: true, value: { ...member, pin: pin.pin } } as const;
  });
}

/** Changes a person's name, email or role; the shop keeps at least one owner. */
export async function changeStaff(
  db: Db,
  actorId: number,
  id: number,
  change: { name?: string | undefined; email?: string | null | undefined; role?: StaffRole | undefined },
): Promise<StaffResult<StaffMember>> {
  return db.transaction(async (tx) => {
    await lockStaff(tx);
    const before = await lockedMember(tx, id);
    if (!before) return { ok: false, reason: 'not-found' } as const;
    if (
      change.role &&
      change.role !== 'owner' &&
      before.role === 'owner' &&
      (await otherOwners(tx, id)) === 0
    )
      return { ok: false, reason: 'last-owner' } as const;
    const [row] = await queryRows<StaffRow>(
      tx,
      sql`UPDATE staff SET name = ${change.name ?? before.name},
            email = ${change.email === undefined ? before.email : change.email},
            role = ${change.role ?? before.role}
          WHERE id = ${id} RETURNING ${columns}`,
    );
    if (!row) throw new Error('UPDATE staff answered no row');
    const after = toMember(row);
    await recordAudit(tx, {
      staffId: actorId,
      action: 'staff_change',
      target: after.name,
      before: { name: before.name, email: before.email, role: before.role },
      after: { name: after.name, email: after.email, role: after.role },
    });
    return { ok: true, value: after } as const;
  });
}

/**
 * Ends every admin session of a person, in the caller's transaction: the admin domain's sessions
 * (deleteAllSessions), given by the routes so staff need not import admin, which imports staff.
 */
export type EndSessions = (tx: Db, staffId: number) => Promise<unknown>;

/**
 * A new PIN for someone, made by the shop (the owner resets it): their sessions end (and the
 * fingerprint no longer matches). Answers the person and the new PIN.
 */
export async function resetStaffPin(
  db: Db,
  actorId: number,
  id: number,
  endSessions: EndSessions,
): Promise<StaffResult<StaffMember & { pin: string }>> {
  const pin = await issuePin(db, id);
  return db.transaction(async (tx) => {
    await lockStaff(tx);
    const member = await lockedMember(tx, id);
    if (!member) return { ok: false, reason: 'not-found' } as const;
    await tx.execute(
      sql`UPDATE staff SET pin_hash = ${pin.pinHash}, pin_lookup = ${pin.pinLookup} WHERE id = ${id}`,
    );
    await endSessions(tx, id);
    await recordAudit(tx, { staffId: actorId, action: 'staff_pin_reset', target: member.name });
    return { ok: true, value: { ...member, pin: pin.pin } } as const;
  });
}

/** Removes a person: they can no longer log in, their open sessions end, their PIN is free again. */
export async function removeStaff(
  db: Db,
  actorId: number,
  id: number,
  endSessions: EndSessions,
): Promise<StaffResult<StaffMember>> {
  return db.transaction(async (tx) => {
    await lockStaff(tx);
    if (id === actorId) return { ok: false, reason: 'self' } as const;
    const member = await lockedMember(tx, id);
    if (!member) return { ok: false, reason: 'not-found' } as const;
    if (member.role === 'owner' && (await otherOwners(tx, id)) === 0)
      return { ok: false, reason: 'last-owner' } as const;
    await tx.execute(sql`UPDATE staff SET removed_at = now(), pin_lookup = NULL WHERE id = ${id}`);
    await endSessions(tx, id);
    await recordAudit(tx, {
      staffId: actorId,
      action: 'staff_remove',
      target: member.name,
      before: { name: member.name, email: member.email, role: member.role },
    });
    return { ok: true, value: member } as const;
  });
}

/**
 * A person gets a new PIN of their own, made by the shop, confirming the current one. Their other
 * sessions end (they are tied to the old PIN's hash); the caller opens a new one for this browser.
 * A wrong current PIN is recorded (own_pin_refused), so guesses at it show in the audit.
 */
export async function changeOwnPin(
  db: Db,
  id: number,
  currentPin: string,
  endSessions: EndSessions,
): Promise<StaffResult<{ pinHash: string; pin: string }>> {
  const pin = await issuePin(db, id);
  const result = await db.transaction(async (tx) => {
    await lockStaff(tx);
    const [row] = await queryRows<{ name: string; pin_hash: string }>(
      tx,
      sql`SELECT name, pin_hash FROM staff WHERE id = ${id} AND removed_at IS NULL FOR UPDATE`,
    );
    if (!row) return { ok: false, reason: 'not-found' } as const;
    if (!(await verifyPin(currentPin, row.pin_hash)))
      return { ok: false, reason: 'wrong-pin', name: row.name } as const;
    await tx.execute(
      sql`UPDATE staff SET pin_hash = ${pin.pinHash}, pin_lookup = ${pin.pinLookup} WHERE id = ${id}`,
    );
    await endSessions(tx, id);
    await recordAudit(tx, { staffId: id, action: 'own_pin_change', target: row.name });
    return { ok: true, value: { pinHash: pin.pinHash, pin: pin.pin } } as const;
  });
  if (!result.ok && result.reason === 'wrong-pin')
    await recordOwnPinRefused(db, id, result.name, 'wrong-current-pin');
  return result.ok ? result : { ok: false, reason: result.reason };
}

/** Records a refused request for a new own PIN: who asked, and why it was refused. */
export async function recordOwnPinRefused(
  db: Db,
  id: number,
  name: string,
  reason: 'wrong-current-pin' | 'too-many-tries',
): Promise<void> {
  await recordAudit(db, { staffId: id, action: 'own_pin_refused', target: name, after: { reason } });
}

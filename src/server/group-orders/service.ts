import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Product } from '@/shared/catalogue';
import { addDays, type CalendarDate } from '@/shared/dates';
import {
  entryGarments,
  garmentSplit,
  groupIdPattern,
  groupTokenPattern,
  MAX_GROUP_DAYS_AHEAD,
  MAX_GROUP_ENTRIES,
  sortGarments,
  type GroupLine,
  type Personalisation,
  type StoredGroupDesign,
} from '@/shared/group-orders';
import type { Locale } from '@/shared/i18n/locale';
import { priceLines } from '@/shared/pricing';
import { unitPriceToString, type Milli } from '@/shared/money';
import type { GarmentSizeCode, SizeSplit } from '@/shared/sizes';
import type { Database, Db } from '@/server/db/client';
import { groupEntryReceipts, groupOrderEntries, groupOrders } from '@/server/db/group-orders-schema';
import { enqueueGroupReceiptEmail } from '@/server/email';
import { ApiRefusal } from '@/server/http/errors';
import { attachUploads } from '@/server/uploads';

export type GroupRow = typeof groupOrders.$inferSelect;
export type EntryRow = typeof groupOrderEntries.$inferSelect;

/** A refusal the routes answer as it is: status and message (in the request's language). */
export class GroupOrderError extends ApiRefusal<400 | 404 | 409> {}

/** 32 random bytes: a link's secret, shown once and kept only as its hash. */
function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its sha256, so a copy of the database opens no group. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(`group-order-token\0${token}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** Whether a group still takes entries: not closed, and its last day (Stockholm) not past. */
export function isOpen(group: Pick<GroupRow, 'closedAt' | 'closesOn'>, today: CalendarDate): boolean {
  return group.closedAt === null && today <= group.closesOn;
}

/** Whether a last day may be chosen today: from today, at most MAX_GROUP_DAYS_AHEAD ahead. */
export function closesOnAllowed(closesOn: CalendarDate, today: CalendarDate): boolean {
  return closesOn >= today && closesOn <= addDays(today, MAX_GROUP_DAYS_AHEAD);
}

export interface NewGroup {
  title: string;
  closesOn: CalendarDate;
  design: StoredGroupDesign;
  personalisation: Personalisation;
  showPrice: boolean;
  language: Locale;
}

export async function createGroup(
  database: Database,
  group: NewGroup,
): Promise<{ id: string; shareToken: string; organiserToken: string }> {
  const shareToken = newToken();
  const organiserToken = newToken();
  const id = await database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(groupOrders)
      .values({
        title: group.title,
        closesOn: group.closesOn,
        productId: group.design.productId,
        line: group.design,
        printName: group.personalisation.name,
        printNumber: group.personalisation.number,
        showPrice: group.showPrice,
        language: group.language,
        shareTokenHash: tokenHash(shareToken),
        organiserTokenHash: tokenHash(organiserToken),
      })
      .returning({ id: groupOrders.id });
    if (!row) throw new Error('the group insert answered no row');
    // The design's images are kept for the group's life (unattached uploads expire after a day).
    const uploadIds = (group.design.customisation?.prints ?? []).map((p) => p.uploadId);
    if (uploadIds.length > 0) await attachUploads(tx, uploadIds);
    return row.id;
  });
  return { id, shareToken, organiserToken };
}

export type GroupRole = 'organiser' | 'member';

/** The group and who the token makes the caller; undefined for an unknown id or a wrong token. */
export async function findGroupForToken(
  db: Db,
  id: string,
  token: string | undefined,
): Promise<{ group: GroupRow; role: GroupRole } | undefined> {
  if (!groupIdPattern.test(id) || token === undefined || !groupTokenPattern.test(token)) return undefined;
  const [group] = await db.select().from(groupOrders).where(eq(groupOrders.id, id));
  if (!group) return undefined;
  const hash = tokenHash(token);
  if (sameHash(hash, group.organiserTokenHash)) return { group, role: 'organiser' };
  if (sameHash(hash, group.shareTokenHash)) return { group, role: 'member' };
  return undefined;
}

export async function groupEntries(db: Db, groupId: string): Promise<EntryRow[]> {
  return db
    .select()
    .from(groupOrderEntries)
    .where(eq(groupOrderEntries.groupId, groupId))
    .orderBy(asc(groupOrderEntries.createdAt), asc(groupOrderEntries.id));
}

/** An entry and its group for the entry's own edit token; undefined otherwise. */
export async function findEntryForToken(
  db: Db,
  groupId: string,
  entryId: string,
  token: string | undefined,
): Promise<{ entry: EntryRow; group: GroupRow } | undefined> {
  if (!groupIdPattern.test(groupId) || !groupIdPattern.test(entryId)) return undefined;
  if (token === undefined || !groupTokenPattern.test(token)) return undefined;
  const [row] = await db
    .select({ entry: groupOrderEntries, group: groupOrders })
    .from(groupOrderEntries)
    .innerJoin(groupOrders, eq(groupOrders.id, groupOrderEntries.groupId))
    .where(and(eq(groupOrderEntries.id, entryId), eq(groupOrderEntries.groupId, groupId)));
  if (!row) return undefined;
  const hash = tokenHash(token);
  if (sameHash(hash, row.entry.editTokenHash)) return row;
  // The link in the member's receipt email carries a token of its own (receipt.ts).
  const [receipt] = await db
    .select({ id: groupEntryReceipts.id })
    .from(groupEntryReceipts)
    .where(and(eq(groupEntryReceipts.entryId, entryId), eq(groupEntryReceipts.tokenHash, hash)));
  return receipt ? row : undefined;
}

export interface EntryInput {
  name: string;
  size: GarmentSizeCode;
  quantity: number;
  printName: string | null;
  printNumber: string | null;
}

export interface EntryRefusals {
  closed: string;
  full: string;
}

/**
 * Adds an entry under the group's row lock, so the cap and the last day hold whatever arrives at
 * once: a closed group or one past its last day is 409, a full one too.
 */
export async function addEntry(
  database: Database,
  groupId: string,
  entry: EntryInput,
  today: CalendarDate,
  refusals: EntryRefusals,
  receipt?: { email: string; locale: Locale },
): Promise<{ entryId: string; editToken: string }> {
  const editToken = newToken();
  const entryId = await database.db.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId);
    if (!group || !isOpen(group, today)) throw new GroupOrderError(409, refusals.closed);
    const [held] = await tx
      .select({ n: count() })
      .from(groupOrderEntries)
      .where(eq(groupOrderEntries.groupId, groupId));
    if ((held?.n ?? 0) >= MAX_GROUP_ENTRIES) throw new GroupOrderError(409, refusals.full);
    const [row] = await tx
      .insert(groupOrderEntries)
      .values({
        groupId,
        editTokenHash: tokenHash(editToken),
        memberName: entry.name,
        size: entry.size,
        quantity: entry.quantity,
        printName: entry.printName,
        printNumber: entry.printNumber,
      })
      .returning({ id: groupOrderEntries.id });
    if (!row) throw new Error('the entry insert answered no row');
    // The member's receipt is queued with the entry, so it is sent exactly when the entry is kept.
    if (receipt) {
      const [queued] = await tx
        .insert(groupEntryReceipts)
        .values({ entryId: row.id, email: receipt.email, locale: receipt.locale })
        .returning({ id: groupEntryReceipts.id });
      if (queued) await enqueueGroupReceiptEmail(tx, queued.id);
    }
    return row.id;
  });
  return { entryId, editToken };
}

async function lockGroup(tx: Db, groupId: string): Promise<GroupRow | undefined> {
  const [group] = await tx.select().from(groupOrders).where(eq(groupOrders.id, groupId)).for('update');
  return group;
}

/** A member changes their entry while the group is open (the group's lock orders it with closing). */
export async function updateEntry(
  database: Database,
  groupId: string,
  entryId: string,
  entry: EntryInput,
  today: CalendarDate,
  closedMessage: string,
): Promise<void> {
  await database.db.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId);
    if (!group || !isOpen(group, today)) throw new GroupOrderError(409, closedMessage);
    await tx
      .update(groupOrderEntries)
      .set({
        memberName: entry.name,
        size: entry.size,
        quantity: entry.quantity,
        printName: entry.printName,
        printNumber: entry.printNumber,
        updatedAt: sql`now()`,
      })
      .where(and(eq(groupOrderEntries.id, entryId), eq(groupOrderEntries.groupId, groupId)));
  });
}

/**
 * Removes an entry: the member's own until the last day, the organiser's any entry until the group
 * is closed (after the last day the organiser still tidies the list before ordering).
 */
export async function removeEntry(
  database: Database,
  groupId: string,
  entryId: string,
  mayRemove: (group: GroupRow) => boolean,
  closedMessage: string,
): Promise<void> {
  await database.db.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId);
    if (!group || !mayRemove(group)) throw new GroupOrderError(409, closedMessage);
    await tx
      .delete(groupOrderEntries)
      .where(and(eq(groupOrderEntries.id, entryId), eq(groupOrderEntries.groupId, groupId)));
  });
}

/** The order line a group becomes, as POST /api/orders takes it (the server prices it then). */
export interface GroupOrderLine extends StoredGroupDesign {
  quantity: number;
  sizes: SizeSplit;
  group?: GroupLine;
}

/**
 * The entries summed into one line: the size split, and each garment's member, name and number and
 * its entry's number in the group (one bag each on the packing list, whatever the names).
 */
export function groupLine(group: GroupRow, entries: readonly EntryRow[]): GroupOrderLine {
  const garments = sortGarments(
    entries.flatMap((e, index) =>
      entryGarments(
        {
          name: e.memberName,
          size: e.size,
          quantity: e.quantity,
          printName: e.printName,
          printNumber: e.printNumber,
        },
        index + 1,
      ),
    ),
  );
  return {
    ...group.line,
    quantity: garments.length,
    sizes: garmentSplit(garments),
    group: {
      personalisation: { name: group.printName, number: group.printNumber },
      garments,
    },
  };
}

/**
 * Closes the group (once: closing again answers the same lines) and answers its line. Refused
 * with 409, leaving it open, when there is nothing to order or too little for the product's minimum.
 */
export async function closeGroup(
  database: Database,
  groupId: string,
  product: Product | undefined,
  refusals: { noEntries: string; belowMinimum: (min: number) => string },
): Promise<GroupOrderLine> {
  return database.db.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId);
    if (!group) throw new GroupOrderError(404, refusals.noEntries);
    const entries = await groupEntries(tx, groupId);
    const line = groupLine(group, entries);
    if (line.quantity === 0) throw new GroupOrderError(409, refusals.noEntries);
    if (product && line.quantity < product.minQuantity)
      throw new GroupOrderError(409, refusals.belowMinimum(product.minQuantity));
    if (group.closedAt === null)
      await tx
        .update(groupOrders)
        .set({ closedAt: sql`now()` })
        .where(eq(groupOrders.id, groupId));
    return line;
  });
}

/** The tally: sizes, garments, the unit price now and the next tier with how many more it needs. */
export interface GroupTally {
  sizes: SizeSplit;
  quantity: number;
  unitPrice: string | undefined;
  nextTier: { quantity: number; more: number; unitPrice: string } | undefined;
  minQuantity: number;
}

export function groupTally(
  group: GroupRow,
  entries: readonly EntryRow[],
  product: Product | undefined,
): GroupTally {
  const line = groupLine(group, entries);
  const minQuantity = product?.minQuantity ?? 1;
  const priceAt = (quantity: number): Milli | undefined => {
    if (!product) return undefined;
    const [price] = priceLines(
      [
        {
          ...group.line,
          quantity,
          group: { personalisation: line.group?.personalisation ?? { name: false, number: false } },
        },
      ],
      (id) => (id === product.id ? product : undefined),
    );
    return price?.unitPrice;
  };
  const now = priceAt(Math.max(line.quantity, minQuantity));
  const next = product?.tiers.find((tier) => tier.quantity > Math.max(line.quantity, minQuantity));
  const nextPrice = next ? priceAt(next.quantity) : undefined;
  return {
    sizes: line.sizes,
    quantity: line.quantity,
    unitPrice: now === undefined ? undefined : unitPriceToString(now),
    nextTier:
      next && nextPrice !== undefined
        ? {
            quantity: next.quantity,
            more: next.quantity - line.quantity,
            unitPrice: unitPriceToString(nextPrice),
          }
        : undefined,
    minQuantity,
  };
}

import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Locale } from '@/shared/i18n/locale';
import type { Database, Db } from '@/server/db/client';
import { accountCompanies, accountCompanyClaims, accountCompanyMembers } from '@/server/db/accounts-schema';
import { companyOrders, newestCompanyOrgNumber, type CompanyOrder, type OrderRow } from '@/server/orders';
import { quotesForCompany, type QuoteRow } from '@/server/quotes';
import { recordAudit } from '@/server/staff';
import { queueSignInLink } from './service';

/**
 * Company accounts (issue 43, docs/accounts.md, decision 0060): an organisation number and its
 * verified people. The first member is the first address that signs in having placed an order
 * with the number while no account of it exists; after that, only members (or staff) add people.
 */

export interface CompanyMembership {
  orgNumber: string;
}

export interface CompanyPerson {
  email: string;
  /** Signed in by a link since being added; false: invited (or linked by staff) only. */
  verified: boolean;
}

/**
 * What a signed-in address is of a company, settled as it signs in: an invitation waiting for it
 * becomes membership (the session proves the address), and an address not in any company whose
 * newest company order names an organisation number without an account founds that account.
 * Idempotent; undefined when the address is no company's member.
 */
export async function settleMembership(db: Db, email: string): Promise<CompanyMembership | undefined> {
  const [person] = await db
    .select({ orgNumber: accountCompanyMembers.orgNumber, verifiedAt: accountCompanyMembers.verifiedAt })
    .from(accountCompanyMembers)
    .where(eq(accountCompanyMembers.email, email));
  if (person) {
    if (person.verifiedAt === null)
      await db
        .update(accountCompanyMembers)
        .set({ verifiedAt: sql`now()` })
        .where(and(eq(accountCompanyMembers.email, email), isNull(accountCompanyMembers.verifiedAt)));
    return { orgNumber: person.orgNumber };
  }
  const orgNumber = await newestCompanyOrgNumber(db, email);
  if (orgNumber === undefined) return undefined;
  return db.transaction(async (tx) => {
    // Whoever inserts the company first is its first member: two buyers signing in at once found it once.
    const [founded] = await tx
      .insert(accountCompanies)
      .values({ orgNumber })
      .onConflictDoNothing()
      .returning({ orgNumber: accountCompanies.orgNumber });
    if (!founded) return undefined;
    await tx
      .insert(accountCompanyMembers)
      .values({ email, orgNumber, addedBy: 'first_order', verifiedAt: sql`now()` })
      .onConflictDoNothing();
    return founded;
  });
}

/** The company's people, verified first, then by when they were added. */
export async function companyPeople(db: Db, orgNumber: string): Promise<CompanyPerson[]> {
  const rows = await db
    .select({ email: accountCompanyMembers.email, verifiedAt: accountCompanyMembers.verifiedAt })
    .from(accountCompanyMembers)
    .where(eq(accountCompanyMembers.orgNumber, orgNumber))
    .orderBy(sql`${accountCompanyMembers.verifiedAt} IS NULL`, asc(accountCompanyMembers.addedAt));
  return rows.map((row) => ({ email: row.email, verified: row.verifiedAt !== null }));
}

/** The ids of the orders and of the quotes claimed for the company. */
async function claimedIds(db: Db, orgNumber: string): Promise<{ orderIds: number[]; quoteIds: number[] }> {
  const rows = await db
    .select({ orderId: accountCompanyClaims.orderId, quoteId: accountCompanyClaims.quoteId })
    .from(accountCompanyClaims)
    .where(eq(accountCompanyClaims.orgNumber, orgNumber));
  return {
    orderIds: rows.flatMap((row) => (row.orderId === null ? [] : [row.orderId])),
    quoteIds: rows.flatMap((row) => (row.quoteId === null ? [] : [row.quoteId])),
  };
}

/** The addresses (lower case) whose orders with the number are the company's: its verified people. */
async function verifiedEmails(db: Db, orgNumber: string): Promise<string[]> {
  const rows = await db
    .select({ email: accountCompanyMembers.email })
    .from(accountCompanyMembers)
    .where(and(eq(accountCompanyMembers.orgNumber, orgNumber), isNotNull(accountCompanyMembers.verifiedAt)));
  return rows.map((row) => row.email);
}

/**
 * The company's orders (placed with its number by its verified people, and those claimed for it)
 * and quotes (made for its number to its verified people, and those claimed for it), newest
 * first, at most `limit` each.
 */
export async function companyHoldings(database: Database, orgNumber: string, limit: number) {
  const [emails, claimed] = await Promise.all([
    verifiedEmails(database.db, orgNumber),
    claimedIds(database.db, orgNumber),
  ]);
  const [orders, quotes] = await Promise.all([
    companyOrders(database.db, { orgNumber, emails, orderIds: claimed.orderIds }, limit),
    quotesForCompany(database, { orgNumber, emails, quoteIds: claimed.quoteIds }, limit),
  ]);
  return { orders, quotes };
}

/** The company's name as its newest order gives it (typed at checkout), else its number. */
export const companyName = (orgNumber: string, orders: readonly CompanyOrder[]) =>
  orders.find((order) => order.companyName)?.companyName ?? orgNumber;

/**
 * An order or a quote as a company claim sees it: which it is, the organisation number it was
 * made with (null for a private buyer's) and the address it was made for.
 */
export interface ClaimSubject {
  kind: 'order' | 'quote';
  id: number;
  orgNumber: string | null;
  email: string;
}

export const orderClaimSubject = (order: OrderRow): ClaimSubject => ({
  kind: 'order',
  id: order.id,
  orgNumber: order.customerType === 'company' ? order.customerOrgNumber : null,
  email: order.customerEmail,
});

export const quoteClaimSubject = (quote: QuoteRow): ClaimSubject => ({
  kind: 'quote',
  id: quote.id,
  orgNumber: quote.customer.customerType === 'company' ? quote.customer.orgNumber : null,
  email: quote.customerEmail,
});

/** The claim row's column naming the subject. */
const claimColumn = (kind: ClaimSubject['kind']) =>
  kind === 'order' ? accountCompanyClaims.orderId : accountCompanyClaims.quoteId;

/**
 * Whether a company member sees an order or a quote: made with the number for a verified person,
 * or claimed for the company.
 */
export async function companySees(db: Db, orgNumber: string, subject: ClaimSubject): Promise<boolean> {
  if (subject.orgNumber === orgNumber) {
    const emails = await verifiedEmails(db, orgNumber);
    if (emails.includes(subject.email.trim().toLowerCase())) return true;
  }
  const [claim] = await db
    .select({ orgNumber: accountCompanyClaims.orgNumber })
    .from(accountCompanyClaims)
    .where(and(eq(claimColumn(subject.kind), subject.id), eq(accountCompanyClaims.orgNumber, orgNumber)));
  return claim !== undefined;
}

export type InviteOutcome = 'invited' | 'not-member';

/**
 * A member invites an address: it is recorded as invited and emailed a sign-in link worded as the
 * company's invitation. An address already in this company is emailed again only while it has not
 * signed in; one in another company is left as it is, and the answer is the same (it tells the
 * inviter nothing about other companies).
 */
export async function inviteMember(
  database: Database,
  inviter: string,
  invitee: string,
  locale: Locale,
): Promise<InviteOutcome> {
  const membership = await settleMembership(database.db, inviter);
  if (!membership) return 'not-member';
  const email = invitee.trim().toLowerCase();
  await database.db.transaction(async (tx) => {
    await tx
      .insert(accountCompanyMembers)
      .values({ email, orgNumber: membership.orgNumber, addedBy: 'member', invitedBy: inviter })
      .onConflictDoNothing();
    const [person] = await tx
      .select({ orgNumber: accountCompanyMembers.orgNumber, verifiedAt: accountCompanyMembers.verifiedAt })
      .from(accountCompanyMembers)
      .where(eq(accountCompanyMembers.email, email));
    if (person?.orgNumber !== membership.orgNumber || person.verifiedAt !== null) return;
    await queueSignInLink(tx, email, locale, membership.orgNumber);
  });
  return 'invited';
}

export type RemoveOutcome = 'removed' | 'not-member' | 'unknown' | 'last';

/**
 * A member removes a person of the company (themselves too), but never its last verified member:
 * a company without one could be founded by nobody but staff. Their sessions stay: they are still
 * signed in to their own orders.
 */
export async function removeMember(db: Db, remover: string, email: string): Promise<RemoveOutcome> {
  const membership = await settleMembership(db, remover);
  if (!membership) return 'not-member';
  const target = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    // Lock the company's people so two members removing each other at once leave one.
    const people = await tx
      .select({ email: accountCompanyMembers.email, verifiedAt: accountCompanyMembers.verifiedAt })
      .from(accountCompanyMembers)
      .where(eq(accountCompanyMembers.orgNumber, membership.orgNumber))
      .for('update');
    const person = people.find((p) => p.email === target);
    if (!person) return 'unknown';
    const verified = people.filter((p) => p.verifiedAt !== null);
    if (person.verifiedAt !== null && verified.length === 1) return 'last';
    await tx.delete(accountCompanyMembers).where(eq(accountCompanyMembers.email, target));
    return 'removed';
  });
}

export type ClaimState = 'claimable' | 'company' | 'none';

/**
 * What a signed-in member may do with an order or a quote its token opened: it is the company's
 * already, it was made with the company's number for someone else (claimable), or it is nothing
 * of the company's (another number, a private buyer's, or the reader is no member).
 */
export async function claimState(db: Db, email: string, subject: ClaimSubject): Promise<ClaimState> {
  const membership = await settleMembership(db, email);
  if (!membership) return 'none';
  if (await companySees(db, membership.orgNumber, subject)) return 'company';
  return subject.orgNumber === membership.orgNumber ? 'claimable' : 'none';
}

/**
 * Claims an order or a quote for the member's company (the caller proved its token). Claiming
 * again answers 'company' and changes nothing.
 */
export async function claimForCompany(db: Db, email: string, subject: ClaimSubject): Promise<ClaimState> {
  const state = await claimState(db, email, subject);
  if (state !== 'claimable' || subject.orgNumber === null) return state;
  await db
    .insert(accountCompanyClaims)
    .values({
      ...(subject.kind === 'order' ? { orderId: subject.id } : { quoteId: subject.id }),
      orgNumber: subject.orgNumber,
      claimedBy: email,
    })
    .onConflictDoNothing();
  return 'company';
}

/** The company accounts for staff: each with its people and how many orders were claimed for it. */
export async function companiesForStaff(db: Db) {
  const companies = await db
    .select({ orgNumber: accountCompanies.orgNumber, createdAt: accountCompanies.createdAt })
    .from(accountCompanies)
    .orderBy(asc(accountCompanies.orgNumber));
  const people = await db
    .select({
      email: accountCompanyMembers.email,
      orgNumber: accountCompanyMembers.orgNumber,
      addedBy: accountCompanyMembers.addedBy,
      verifiedAt: accountCompanyMembers.verifiedAt,
    })
    .from(accountCompanyMembers)
    .orderBy(asc(accountCompanyMembers.addedAt));
  return companies.map((company) => ({
    orgNumber: company.orgNumber,
    createdAt: company.createdAt.toISOString(),
    people: people
      .filter((person) => person.orgNumber === company.orgNumber)
      .map((person) => ({
        email: person.email,
        addedBy: person.addedBy,
        verified: person.verifiedAt !== null,
      })),
  }));
}

/**
 * Staff link an address to a company (made if it has no account yet), moving it from another
 * company if need be. The person sees the company once signed in by a link, as an invitee does.
 */
export async function linkPerson(db: Db, orgNumber: string, email: string, staffId: number): Promise<void> {
  const address = email.trim().toLowerCase();
  await db.transaction(async (tx) => {
    await tx.insert(accountCompanies).values({ orgNumber }).onConflictDoNothing();
    const [before] = await tx
      .select({ orgNumber: accountCompanyMembers.orgNumber, addedBy: accountCompanyMembers.addedBy })
      .from(accountCompanyMembers)
      .where(eq(accountCompanyMembers.email, address));
    await tx
      .insert(accountCompanyMembers)
      .values({ email: address, orgNumber, addedBy: 'staff' })
      .onConflictDoUpdate({
        target: accountCompanyMembers.email,
        set: { orgNumber, addedBy: 'staff', invitedBy: null, addedAt: sql`now()`, verifiedAt: null },
        // A person already of this company stays as they are.
        setWhere: sql`${accountCompanyMembers.orgNumber} <> ${orgNumber}`,
      });
    // Who sees a company's orders is a staff action like any other: in the audit log.
    await recordAudit(tx, {
      staffId,
      action: 'company_people',
      target: `company ${orgNumber} link ${address}`,
      before: before ?? null,
      after: { orgNumber, email: address },
    });
  });
}

/** Staff unlink an address from a company (audited); false when it was not linked to it. */
export async function unlinkPerson(
  db: Db,
  orgNumber: string,
  email: string,
  staffId: number,
): Promise<boolean> {
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(accountCompanyMembers)
      .where(and(eq(accountCompanyMembers.orgNumber, orgNumber), eq(accountCompanyMembers.email, address)))
      .returning({ email: accountCompanyMembers.email, addedBy: accountCompanyMembers.addedBy });
    if (removed.length === 0) return false;
    await recordAudit(tx, {
      staffId,
      action: 'company_people',
      target: `company ${orgNumber} unlink ${address}`,
      before: { orgNumber, email: address, addedBy: removed[0]?.addedBy },
      after: null,
    });
    return true;
  });
}

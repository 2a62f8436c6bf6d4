import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Customer } from '@/shared/checkout-schema';
import { addDays, stockholmDate, type CalendarDate } from '@/shared/dates';
import type { Locale } from '@/shared/i18n/locale';
import { quoteMessages } from '@/shared/i18n/messages/quotes';
import { invoiceAmounts, ossRateTenths, type VatTreatment } from '@/shared/invoicing/vat-treatment';
import type { InvoiceCurrencyRate } from '@/shared/invoicing/invoice-currency';
import { milliFromDecimal, milliToDecimalString } from '@/shared/money';
import { quoteNumberPattern, quoteStatusOn } from '@/shared/quotes';
import type { AdminQuoteRow, QuoteSource, QuoteStatus, StoredQuoteStatus } from '@/shared/quotes';
import { stockholmToday } from '@/shared/delivery';
import { trimTrailing } from '@/shared/trim-trailing';
import type { Database, Db } from '@/server/db/client';
import type { StoredOrderLine } from '@/server/db/orders-schema';
import { quoteCounters, quoteLinks, quotes, quoteVersions } from '@/server/db/quotes-schema';
import { enqueueQuoteEmail } from '@/server/email';
import { ApiRefusal } from '@/server/http/errors';
import { attachUploads } from '@/server/uploads';

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteVersionRow = typeof quoteVersions.$inferSelect;

/** A refusal the buyer or staff can act on: status, message in the reader's language, field messages. */
export class QuoteError extends ApiRefusal {}

/** The quote's row, locked until the transaction ends: one change, send, accept or decline at a time. */
async function lockQuote(tx: Db, quote: QuoteRow): Promise<QuoteRow | undefined> {
  const [locked] = await tx.select().from(quotes).where(eq(quotes.id, quote.id)).for('update');
  return locked;
}

/** Runs `change` in one transaction on the quote's locked row; 404 when the quote is gone. */
async function inLockedQuote<Result>(
  database: Database,
  quote: QuoteRow,
  locale: Locale,
  change: (tx: Db, locked: QuoteRow, t: (typeof quoteMessages)[Locale]) => Promise<Result>,
): Promise<Result> {
  const t = quoteMessages[locale];
  return database.db.transaction(async (tx) => {
    const locked = await lockQuote(tx, quote);
    if (!locked) throw new QuoteError(404, t.notFound);
    return change(tx, locked, t);
  });
}

/** The locked quote, refused (409, `notOpen`) unless staff may still change or send it: a draft or sent. */
async function lockOpenQuote(tx: Db, quote: QuoteRow, notOpen: string): Promise<QuoteRow> {
  const locked = await lockQuote(tx, quote);
  if (!locked || (locked.status !== 'draft' && locked.status !== 'sent')) throw new QuoteError(409, notOpen);
  return locked;
}

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** What the database keeps of a quote's access token. */
export function quoteTokenHash(token: string): string {
  return sha256Hex(`quote-access-token\0${token}`);
}

/** A quote's version as priced: its lines (orders.items' shape), VAT rule and amounts. */
export interface PricedQuote {
  lines: StoredOrderLine[];
  vatTreatment: VatTreatment;
  invoiceCurrency: InvoiceCurrencyRate | null;
  note: string | null;
  neededBy: string | null;
  validUntil: CalendarDate;
}

/**
 * The amounts of priced lines under a VAT rule: the invoice's arithmetic (invoiceAmounts). Under
 * OSS the buyer country's standard rate of the day the quote is issued (today), as the invoice
 * of an order placed today takes it.
 */
export function quoteAmounts(lines: readonly StoredOrderLine[], vatTreatment: VatTreatment, country: string) {
  const amounts = invoiceAmounts(
    lines.map((line) => milliFromDecimal(line.lineTotal)),
    vatTreatment,
    ossRateTenths(vatTreatment, country, stockholmToday()),
  );
  return {
    totalAmount: milliToDecimalString(amounts.total),
    exVatAmount: milliToDecimalString(amounts.net),
    vatAmount: milliToDecimalString(amounts.vat),
  };
}

/** The last valid day of a quote issued at `issuedAt`: QUOTE_VALID_DAYS later, in Stockholm. */
export function validUntilFor(issuedAt: Date, validDays: number): CalendarDate {
  return addDays(stockholmDate(issuedAt), validDays);
}

/** The next number of the quote series for the Stockholm year of `today`: "Q-2026-0001". */
async function nextQuoteNumber(tx: Db, today: CalendarDate): Promise<string> {
  const year = Number(today.slice(0, 4));
  const [row] = await tx
    .insert(quoteCounters)
    .values({ year, lastSeq: 1 })
    .onConflictDoUpdate({ target: quoteCounters.year, set: { lastSeq: sql`${quoteCounters.lastSeq} + 1` } })
    .returning({ lastSeq: quoteCounters.lastSeq });
  if (!row) throw new Error('the quote counter answered no row');
  return `Q-${year}-${String(row.lastSeq).padStart(4, '0')}`;
}

export interface NewQuote {
  source: QuoteSource;
  language: Locale;
  customer: Customer;
  priced: PricedQuote;
  /** draft: staff keep writing; sent: the buyer is emailed now. */
  status: Extract<StoredQuoteStatus, 'draft' | 'sent'>;
  createdBy: number | null;
  /** Runs in the quote's transaction once it is stored (staff's audit record). */
  audit?: (tx: Db, stored: { id: number; quoteNumber: string }) => Promise<void>;
}

/** Stores a quote and its first version; a sent one queues its email in the same transaction. */
export async function createQuote(
  database: Database,
  quote: NewQuote,
): Promise<{ id: number; quoteNumber: string; accessToken: string; totalAmount: string }> {
  const accessToken = randomBytes(32).toString('base64url');
  const amounts = quoteAmounts(quote.priced.lines, quote.priced.vatTreatment, quote.customer.country);
  const uploadIds = uploadIdsOf(quote.priced.lines);
  const stored = await database.db.transaction(async (tx) => {
    const quoteNumber = await nextQuoteNumber(tx, stockholmToday());
    const [row] = await tx
      .insert(quotes)
      .values({
        quoteNumber,
        status: quote.status,
        source: quote.source,
        language: quote.language,
        customer: quote.customer,
        customerName:
          quote.customer.customerType === 'company' && quote.customer.companyName !== ''
            ? quote.customer.companyName
            : quote.customer.name,
        customerEmail: quote.customer.email,
        accessTokenHash: quoteTokenHash(accessToken),
        createdBy: quote.createdBy,
      })
      .returning({ id: quotes.id });
    if (!row) throw new Error('the quote insert answered no row');
    await tx
      .insert(quoteVersions)
      .values({ quoteId: row.id, version: 1, ...versionValues(quote.priced), ...amounts });
    // The designs' images are kept for the quote's life (unattached uploads expire after a day).
    if (uploadIds.length > 0) await attachUploads(tx, uploadIds);
    if (quote.status === 'sent') await enqueueQuoteEmail(tx, { quoteId: row.id, kind: 'quote', ref: 1 });
    await quote.audit?.(tx, { id: row.id, quoteNumber });
    return { id: row.id, quoteNumber };
  });
  return { ...stored, accessToken, totalAmount: amounts.totalAmount };
}

function versionValues(priced: PricedQuote) {
  return {
    validUntil: priced.validUntil,
    vatTreatment: priced.vatTreatment,
    lines: priced.lines,
    invoiceCurrency: priced.invoiceCurrency,
    note: priced.note,
    neededBy: priced.neededBy,
  };
}

function uploadIdsOf(lines: readonly StoredOrderLine[]): string[] {
  return [...new Set(lines.flatMap((l) => l.customisation?.prints.map((p) => p.uploadId) ?? []))];
}

/**
 * A staff change to an open quote. A draft's version is rewritten (nobody has seen it); a sent
 * quote gets a new version (the buyer's page shows the latest, earlier PDFs are kept) and its
 * email again. Refused for an accepted, declined or expired quote.
 */
export async function reviseQuote(
  database: Database,
  quote: QuoteRow,
  change: { customer?: Customer; priced: PricedQuote; audit?: (tx: Db, version: number) => Promise<void> },
  locale: Locale,
): Promise<{ version: number }> {
  const t = quoteMessages[locale];
  const amounts = quoteAmounts(
    change.priced.lines,
    change.priced.vatTreatment,
    (change.customer ?? quote.customer).country,
  );
  return database.db.transaction(async (tx) => {
    const locked = await lockOpenQuote(tx, quote, t.notOpen);
    const customer = change.customer ?? locked.customer;
    const customerFields = change.customer
      ? {
          customer,
          customerName:
            customer.customerType === 'company' && customer.companyName !== ''
              ? customer.companyName
              : customer.name,
          customerEmail: customer.email,
        }
      : {};
    const uploadIds = uploadIdsOf(change.priced.lines);
    if (uploadIds.length > 0) await attachUploads(tx, uploadIds);
    if (locked.status === 'draft') {
      await tx
        .update(quoteVersions)
        .set({ ...versionValues(change.priced), ...amounts, pdf: null, createdAt: new Date() })
        .where(and(eq(quoteVersions.quoteId, locked.id), eq(quoteVersions.version, locked.currentVersion)));
      // A new validity opens the quote again until housekeeping finds it past that day.
      await tx
        .update(quotes)
        .set({ ...customerFields, expiredAt: null })
        .where(eq(quotes.id, locked.id));
      await change.audit?.(tx, locked.currentVersion);
      return { version: locked.currentVersion };
    }
    const version = locked.currentVersion + 1;
    await tx
      .insert(quoteVersions)
      .values({ quoteId: locked.id, version, ...versionValues(change.priced), ...amounts });
    await tx
      .update(quotes)
      .set({ currentVersion: version, ...customerFields, expiredAt: null })
      .where(eq(quotes.id, locked.id));
    await enqueueQuoteEmail(tx, { quoteId: locked.id, kind: 'quote', ref: version });
    await change.audit?.(tx, version);
    return { version };
  });
}

/** Staff send a draft (or send a sent quote's latest version again): its email with link and PDF. */
export async function sendQuote(
  database: Database,
  quote: QuoteRow,
  locale: Locale,
  audit?: (tx: Db) => Promise<void>,
): Promise<void> {
  const t = quoteMessages[locale];
  await database.db.transaction(async (tx) => {
    const locked = await lockOpenQuote(tx, quote, t.notOpen);
    const version = await currentVersion(tx, locked);
    if (version.validUntil < stockholmToday()) throw new QuoteError(409, t.expired);
    if (locked.status === 'draft')
      await tx.update(quotes).set({ status: 'sent' }).where(eq(quotes.id, locked.id));
    await enqueueQuoteEmail(tx, { quoteId: locked.id, kind: 'quote', ref: locked.currentVersion });
    await audit?.(tx);
  });
}

export async function currentVersion(
  db: Db,
  quote: Pick<QuoteRow, 'id' | 'currentVersion'>,
): Promise<QuoteVersionRow> {
  return versionOf(db, quote.id, quote.currentVersion);
}

export async function versionOf(db: Db, quoteId: number, version: number): Promise<QuoteVersionRow> {
  const [row] = await db
    .select()
    .from(quoteVersions)
    .where(and(eq(quoteVersions.quoteId, quoteId), eq(quoteVersions.version, version)));
  if (!row) throw new Error(`quote ${quoteId} has no version ${version}`);
  return row;
}

/** The quote with this number, for staff (who checked access themselves). */
export async function findQuoteByNumber(
  database: Database,
  quoteNumber: string,
): Promise<QuoteRow | undefined> {
  if (!quoteNumberPattern.test(quoteNumber)) return undefined;
  const [row] = await database.db.select().from(quotes).where(eq(quotes.quoteNumber, quoteNumber));
  return row;
}

/** A quote as a buyer's account lists it. */
const accountQuoteColumns = {
  id: quotes.id,
  quoteNumber: quotes.quoteNumber,
  status: quotes.status,
  createdAt: quotes.createdAt,
};

/** The quotes made for `email` (any case), newest first, at most `limit`: a signed-in buyer's account lists them. */
export async function quotesForEmail(
  database: Database,
  email: string,
  limit: number,
): Promise<Pick<QuoteRow, 'id' | 'quoteNumber' | 'status' | 'createdAt'>[]> {
  return database.db
    .select(accountQuoteColumns)
    .from(quotes)
    .where(and(sql`lower(${quotes.customerEmail}) = lower(${email})`, ne(quotes.status, 'draft')))
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(limit);
}

/**
 * A company's quotes (not drafts), newest first, at most `limit`: those made for its organisation
 * number to one of `emails` (its verified people, lower case), and those of `quoteIds` (claimed
 * for it), as its account lists them.
 */
export async function quotesForCompany(
  database: Database,
  company: { orgNumber: string; emails: readonly string[]; quoteIds: readonly number[] },
  limit: number,
): Promise<Pick<QuoteRow, 'id' | 'quoteNumber' | 'status' | 'createdAt' | 'customerEmail'>[]> {
  if (company.emails.length === 0 && company.quoteIds.length === 0) return [];
  return database.db
    .select({ ...accountQuoteColumns, customerEmail: quotes.customerEmail })
    .from(quotes)
    .where(
      and(
        or(
          and(
            sql`lower(${quotes.customerEmail}) IN (SELECT jsonb_array_elements_text(${JSON.stringify(company.emails)}::jsonb))`,
            sql`${quotes.customer}->>'customerType' = 'company'`,
            sql`${quotes.customer}->>'orgNumber' = ${company.orgNumber}`,
          ),
          company.quoteIds.length > 0 ? inArray(quotes.id, [...company.quoteIds]) : undefined,
        ),
        ne(quotes.status, 'draft'),
      ),
    )
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(limit);
}

/** A hash no token gives, compared with when the quote does not exist (the same work either way). */
const NO_QUOTE_TOKEN_HASH = '0'.repeat(64);

/** The quote when the token opens it (its buyer's token, or an emailed link's); undefined otherwise. */
export async function findQuoteForToken(
  database: Database,
  quoteNumber: string,
  token: string | undefined,
): Promise<QuoteRow | undefined> {
  if (!token || token.length > 200 || !quoteNumberPattern.test(quoteNumber)) return undefined;
  const [row] = await database.db.select().from(quotes).where(eq(quotes.quoteNumber, quoteNumber));
  const given = Buffer.from(quoteTokenHash(token), 'hex');
  const stored = Buffer.from(row?.accessTokenHash ?? NO_QUOTE_TOKEN_HASH, 'hex');
  const matches = given.length === stored.length && timingSafeEqual(given, stored);
  if (!row) return undefined;
  if (matches) return row;
  const [link] = await database.db
    .select({ quoteId: quoteLinks.quoteId })
    .from(quoteLinks)
    .where(and(eq(quoteLinks.tokenHash, quoteTokenHash(token)), eq(quoteLinks.quoteId, row.id)));
  return link ? row : undefined;
}

/** A new link to a quote's page for an email: a random token of its own, only its hash stored. */
export async function newQuoteLink(
  db: Db,
  quote: Pick<QuoteRow, 'id' | 'quoteNumber'>,
  publicBaseUrl: string,
) {
  const token = randomBytes(32).toString('base64url');
  await db.insert(quoteLinks).values({ tokenHash: quoteTokenHash(token), quoteId: quote.id });
  return `${trimTrailing(publicBaseUrl, '/')}/quotes/${encodeURIComponent(quote.quoteNumber)}?token=${encodeURIComponent(token)}`;
}

/** The quote's status on today's Stockholm date. */
export function statusOf(
  quote: Pick<QuoteRow, 'status' | 'expiredAt'>,
  version: Pick<QuoteVersionRow, 'validUntil'>,
): QuoteStatus {
  // Marked by housekeeping (./housekeeping.ts), or past its last day before the round came by.
  if (quote.expiredAt !== null && (quote.status === 'draft' || quote.status === 'sent')) return 'expired';
  return quoteStatusOn(quote.status, version.validUntil, stockholmToday());
}

/**
 * Claims the acceptance of a quote for one key: the first key to get here wins, the same key again
 * may go on (a retried or double-clicked request places and finds the same order), any other key
 * and any quote no longer open are refused with the reason.
 */
export async function claimAcceptance(
  database: Database,
  quote: QuoteRow,
  keyHash: string,
  acceptedBy: string,
  locale: Locale,
): Promise<QuoteVersionRow> {
  return inLockedQuote(database, quote, locale, async (tx, locked, t) => {
    const version = await currentVersion(tx, locked);
    if (locked.acceptKeyHash !== null) {
      if (locked.acceptKeyHash === keyHash) return version;
      throw new QuoteError(409, t.alreadyAccepted);
    }
    if (locked.status === 'declined') throw new QuoteError(409, t.alreadyDeclined);
    if (locked.status === 'draft') throw new QuoteError(409, t.notSent);
    if (locked.status !== 'sent') throw new QuoteError(409, t.alreadyAccepted);
    if (version.validUntil < stockholmToday()) throw new QuoteError(409, t.expired);
    await tx
      .update(quotes)
      .set({ acceptKeyHash: keyHash, acceptedBy, acceptedAt: new Date() })
      .where(eq(quotes.id, locked.id));
    return version;
  });
}

/** Records the order an accepted quote became (idempotent: the same order again changes nothing). */
export async function recordAcceptedOrder(
  database: Database,
  quoteId: number,
  orderNumber: string,
): Promise<void> {
  await database.db
    .update(quotes)
    .set({ status: 'accepted', acceptedOrderNumber: orderNumber })
    .where(and(eq(quotes.id, quoteId), isNull(quotes.acceptedOrderNumber)));
}

/** The buyer declines: the shop is told (an email in the same transaction). */
export async function declineQuote(
  database: Database,
  quote: QuoteRow,
  reason: string,
  locale: Locale,
): Promise<void> {
  await inLockedQuote(database, quote, locale, async (tx, locked, t) => {
    if (locked.status === 'declined') return;
    if (locked.status !== 'sent' || locked.acceptKeyHash !== null) throw new QuoteError(409, t.notOpen);
    await tx
      .update(quotes)
      .set({ status: 'declined', declinedAt: new Date(), declineReason: reason === '' ? null : reason })
      .where(eq(quotes.id, locked.id));
    await enqueueQuoteEmail(tx, { quoteId: locked.id, kind: 'shop_notice_quote_declined' });
  });
}

/** The stored PDF of a version, rendered once by `render` and kept (a sent PDF never changes). */
export async function storedQuotePdf(
  database: Database,
  version: QuoteVersionRow,
  render: () => Promise<Buffer>,
): Promise<Buffer> {
  if (version.pdf) return version.pdf;
  const pdf = await render();
  // The first render wins: a second one at the same moment keeps the first's bytes.
  await database.db
    .update(quoteVersions)
    .set({ pdf })
    .where(
      and(
        eq(quoteVersions.quoteId, version.quoteId),
        eq(quoteVersions.version, version.version),
        isNull(quoteVersions.pdf),
      ),
    );
  return (await versionOf(database.db, version.quoteId, version.version)).pdf ?? pdf;
}

/** The staff's list: newest first, with status as of today (a status filter applies to that). */
export async function listQuotes(
  database: Database,
  filter: { status?: QuoteStatus | undefined; limit: number },
): Promise<AdminQuoteRow[]> {
  const rows = await database.db
    .select({
      quote: quotes,
      version: {
        validUntil: quoteVersions.validUntil,
        totalAmount: quoteVersions.totalAmount,
      },
    })
    .from(quotes)
    .innerJoin(
      quoteVersions,
      and(eq(quoteVersions.quoteId, quotes.id), eq(quoteVersions.version, quotes.currentVersion)),
    )
    .where(
      filter.status === 'expired' || filter.status === 'draft' || filter.status === 'sent'
        ? inArray(quotes.status, ['draft', 'sent'])
        : filter.status
          ? eq(quotes.status, filter.status)
          : undefined,
    )
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(filter.status ? 1000 : filter.limit);
  return rows
    .map(({ quote, version }) => ({
      quoteNumber: quote.quoteNumber,
      status: statusOf(quote, version),
      source: quote.source,
      customerName: quote.customerName,
      customerEmail: quote.customerEmail,
      total: version.totalAmount,
      validUntil: version.validUntil,
      version: quote.currentVersion,
      createdAt: quote.createdAt.toISOString(),
      acceptedOrderNumber: quote.acceptedOrderNumber,
    }))
    .filter((row) => !filter.status || row.status === filter.status)
    .slice(0, filter.limit);
}

/** The acceptance key as stored: its hash (the raw key is the secret behind the order's token). */
export function acceptKeyHash(key: string): string {
  return sha256Hex(`quote-accept-key\0${key}`);
}

/** The quote an order was made from (its admin page links it back), or null. */
export async function quoteNumberOfOrder(db: Db, orderNumber: string): Promise<string | null> {
  const [row] = await db
    .select({ quoteNumber: quotes.quoteNumber })
    .from(quotes)
    .where(eq(quotes.acceptedOrderNumber, orderNumber));
  return row?.quoteNumber ?? null;
}

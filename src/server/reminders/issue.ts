import { enqueueEmail } from '@/server/email';
import { sql } from 'drizzle-orm';
import { addDays, stockholmDate, type CalendarDate } from '@/shared/dates';
import { ocrReference } from '@/shared/invoicing/ocr-reference';
import { decimalFromOre, oreFromDecimal } from '@/shared/ledger';
import { milliFromOre, toOre, type Milli } from '@/shared/money';
import { daysOverdue, lastDayToPay } from '@/shared/receivables/aging';
import type { BuyerKind, InterestPeriod } from '@/shared/receivables/late-payment';
import {
  REMINDER_PAYMENT_DAYS,
  reminderCharges,
  reminderFeeOn,
  type InvoiceDispute,
  type ReminderBlock,
  type ReminderCharges,
  type ReminderInvoiceState,
  type ReminderSnapshot,
} from '@/shared/receivables/reminders';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import {
  documentsOfOrder,
  insertReminderDocument,
  issuedDocument,
  nextSeq,
  type DocumentRow,
} from '@/server/ledger';
import type { OrderRow } from '@/server/orders';
import { recordAudit } from '@/server/staff';

/**
 * Reminders (påminnelser): what an invoice's state allows, and issuing one. A reminder is a stored
 * document (kind 'reminder') whose amount is the fee and the interest it charges; its snapshot
 * keeps everything its PDF and email print (how the interest was computed included), so nothing
 * is recomputed once it is issued. Its email goes through the outbox in the same transaction.
 */

/** The order's invoices a reminder can be about (not credit notes, not reminders). */
const remindable = (row: DocumentRow) => row.kind === 'invoice' || row.kind === 'supplementary_invoice';

export const buyerKindOf = (order: Pick<OrderRow, 'customerType'>): BuyerKind =>
  order.customerType === 'company' ? 'company' : 'individual';

interface InvoiceFacts {
  /** Total less credit notes, in öre. */
  owedOre: number;
  creditedOre: number;
  paidOre: number;
  balanceOre: number;
  payments: { paidOn: CalendarDate; amount: Milli }[];
  dispute: InvoiceDispute | null;
  reminders: { number: string; issuedOn: string; total: string; step: number | null }[];
  feeCharged: boolean;
  interestChargedUntil: CalendarDate | null;
}

/** An invoice's credit notes, payments, open dispute and reminders, read in one go. */
async function invoiceFacts(db: Db, invoice: DocumentRow): Promise<InvoiceFacts> {
  const [sums] = await queryRows<{ credited: string; paid: string }>(
    db,
    sql`SELECT coalesce((SELECT -sum(c.total) FROM documents c WHERE c.corrects_document_id = ${invoice.id}::bigint), 0)::text AS credited,
        coalesce((SELECT sum(p.amount) FROM payments p WHERE p.document_id = ${invoice.id}::bigint), 0)::text AS paid`,
  );
  const payments = await queryRows<{ paid_on: string; amount: string }>(
    db,
    sql`SELECT to_char(paid_on, 'YYYY-MM-DD') AS paid_on, amount::text AS amount FROM payments
      WHERE document_id = ${invoice.id}::bigint ORDER BY paid_on, id`,
  );
  const [dispute] = await queryRows<{ note: string; by: string; at: string }>(
    db,
    sql`SELECT note, opened_by AS by, to_char(opened_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
      FROM invoice_disputes WHERE invoice_id = ${invoice.id}::bigint AND lifted_at IS NULL`,
  );
  const reminders = await queryRows<{
    number: string;
    issued_on: string;
    total: string;
    step: number | null;
    fee_kind: string | null;
    interest_until: string;
  }>(
    db,
    sql`SELECT d.number, to_char(d.issued_on, 'YYYY-MM-DD') AS issued_on, d.total::text AS total, r.step, r.fee_kind,
        to_char(r.interest_until, 'YYYY-MM-DD') AS interest_until
      FROM reminders r JOIN documents d ON d.id = r.document_id
      WHERE r.invoice_id = ${invoice.id}::bigint ORDER BY d.seq`,
  );
  const total = oreFromDecimal(invoice.total);
  const creditedOre = oreFromDecimal(sums?.credited ?? '0');
  const paidOre = oreFromDecimal(sums?.paid ?? '0');
  const charged = reminders.map((r) => r.interest_until as CalendarDate).sort();
  return {
    owedOre: total - creditedOre,
    creditedOre,
    paidOre,
    balanceOre: total - creditedOre - paidOre,
    payments: payments.map((p) => ({
      paidOn: p.paid_on as CalendarDate,
      amount: milliFromOre(oreFromDecimal(p.amount)),
    })),
    dispute: dispute ?? null,
    reminders: reminders.map((r) => ({
      number: r.number,
      issuedOn: r.issued_on,
      total: r.total,
      step: r.step,
    })),
    feeCharged: reminders.some((r) => r.fee_kind !== null),
    interestChargedUntil: charged.at(-1) ?? null,
  };
}

/** Why no reminder can go out for the invoice today; null when one can. */
function blockOf(invoice: DocumentRow, facts: InvoiceFacts, today: CalendarDate): ReminderBlock | null {
  if (facts.owedOre <= 0) return 'credited';
  if (facts.balanceOre <= 0) return 'paid';
  if (facts.dispute) return 'disputed';
  if (!invoice.dueOn || daysOverdue(invoice.dueOn, today) === 0) return 'not_overdue';
  return null;
}

function chargesFor(
  order: OrderRow,
  invoice: DocumentRow,
  facts: InvoiceFacts,
  today: CalendarDate,
  config: Config,
): ReminderCharges {
  return reminderCharges({
    buyer: buyerKindOf(order),
    amount: milliFromOre(facts.owedOre),
    dueDate: invoice.dueOn ?? today,
    today,
    payments: facts.payments,
    rates: config.receivables.referenceRates,
    feeCharged: facts.feeCharged,
    interestChargedUntil: facts.interestChargedUntil,
    // Lag (1981:739) 2 §: the fee the terms set when the debt arose, i.e. when the order was placed.
    individualReminderFee: reminderFeeOn(
      config.receivables.individualReminderFees,
      stockholmDate(order.orderDate),
    ),
  });
}

const dec = (amount: Milli) => decimalFromOre(toOre(amount));
const percent = (basisPoints: number) => decimalFromOre(basisPoints);

/** Each invoice of the order with what a reminder would do today (the admin's panel). */
export async function reminderStates(
  db: Db,
  order: OrderRow,
  config: Config,
  today = stockholmDate(new Date()),
): Promise<ReminderInvoiceState[]> {
  const invoices = (await documentsOfOrder(db, order.id)).filter(remindable);
  const states: ReminderInvoiceState[] = [];
  for (const invoice of invoices) {
    const facts = await invoiceFacts(db, invoice);
    const blocked = blockOf(invoice, facts, today);
    const charges = blocked === null ? chargesFor(order, invoice, facts, today, config) : undefined;
    const dueOn = invoice.dueOn ?? invoice.issuedOn;
    states.push({
      number: invoice.number,
      kind: invoice.kind as 'invoice' | 'supplementary_invoice',
      dueOn,
      lastDayToPay: lastDayToPay(dueOn),
      daysOverdue: daysOverdue(dueOn, today),
      balance: decimalFromOre(facts.balanceOre),
      dispute: facts.dispute,
      blocked,
      preview: charges
        ? {
            fee: dec(charges.fee?.amount ?? (0 as Milli)),
            feeKind: charges.fee?.kind ?? null,
            interest: dec(charges.interest),
            total: dec(charges.total),
          }
        : null,
      reminders: facts.reminders,
    });
  }
  return states;
}

export type ReminderRefusal = ReminderBlock | 'not_found' | 'not_invoice' | 'nothing_overdue';

export type IssueResult =
  | { ok: true; number: string; documentId: number; total: string }
  | { ok: false; reason: ReminderRefusal | 'step_taken' | 'order_cancelled' | 'nothing_to_charge' };

/**
 * The invoice a reminder is for: the one named, or else the order's first invoice a reminder can
 * go out for today. Answers the refusal when there is none.
 */
export async function pickInvoice(
  db: Db,
  order: OrderRow,
  number: string | undefined,
  today = stockholmDate(new Date()),
): Promise<{ invoice: DocumentRow } | { refused: ReminderRefusal }> {
  const documents = await documentsOfOrder(db, order.id);
  if (number !== undefined) {
    const named = documents.find((d) => d.number === number);
    if (!named) return { refused: 'not_found' };
    if (!remindable(named)) return { refused: 'not_invoice' };
    return { invoice: named };
  }
  const invoices = documents.filter(remindable);
  let firstBlock: ReminderBlock | undefined;
  for (const invoice of invoices) {
    const block = blockOf(invoice, await invoiceFacts(db, invoice), today);
    if (block === null) return { invoice };
    firstBlock ??= block;
  }
  return { refused: !firstBlock || firstBlock === 'not_overdue' ? 'nothing_overdue' : firstBlock };
}

function snapshotPeriods(periods: readonly InterestPeriod[]): ReminderSnapshot['interest']['periods'] {
  return periods.map((period) => ({
    from: period.from,
    to: period.to,
    days: period.days,
    principal: dec(period.principal),
    referenceRate: percent(period.referenceRateBasisPoints),
    annualRate: percent(period.annualRateBasisPoints),
    interest: dec(period.interest),
  }));
}

/**
 * Issues one reminder for the invoice in its own transaction: the invoice row locked (two clicks,
 * or the schedule on two instances, wait for each other and see each other's reminder), its state
 * checked again, the reminder stored with its charges, its email queued and (sent by a person) the
 * audit record written. A schedule step already taken answers `{ ok: false }` quietly.
 */
export async function issueReminder(
  db: Db,
  order: OrderRow,
  invoice: DocumentRow,
  config: Config,
  by: { staffId: number | null; name: string | null; step: number | null },
  now = new Date(),
): Promise<IssueResult> {
  const today = stockholmDate(now);
  const issued = await issuedDocument(db, invoice, config.seller);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM documents WHERE id = ${invoice.id}::bigint FOR UPDATE`);
    // A cancelled order is never reminded, whatever its invoice still says (orders cancelled before the ledger).
    if (order.status === 'cancelled') return { ok: false, reason: 'order_cancelled' };
    const facts = await invoiceFacts(tx, invoice);
    const blocked = blockOf(invoice, facts, today);
    if (blocked) return { ok: false, reason: blocked };
    if (by.step !== null) {
      const [taken] = await queryRows<{ taken: boolean }>(
        tx,
        sql`SELECT EXISTS (SELECT 1 FROM reminders WHERE invoice_id = ${invoice.id}::bigint AND step = ${by.step}) AS taken`,
      );
      if (taken?.taken) return { ok: false, reason: 'step_taken' };
    }
    const charges = chargesFor(order, invoice, facts, today, config);
    const totalOre = toOre(charges.total);
    // A reminder that charges nothing is no document: it takes no number and sends no email (issue 42).
    if (totalOre === 0) return { ok: false, reason: 'nothing_to_charge' };
    const dueOn = invoice.dueOn ?? invoice.issuedOn;
    const seq = await nextSeq(tx);
    const number = `PAM-${seq}`;
    const ocr = totalOre > 0 ? ocrReference(String(seq)) : null;
    const snapshot: ReminderSnapshot = {
      kind: 'reminder',
      number,
      orderNumber: order.orderNumber,
      issueDate: now.toISOString(),
      issuedOn: today,
      dueDate: addDays(today, REMINDER_PAYMENT_DAYS),
      language: invoice.language,
      ocr,
      buyerKind: buyerKindOf(order),
      seller: {
        name: config.seller.name,
        address: config.seller.address,
        orgNumber: config.seller.orgNumber,
        vatNumber: config.seller.vatNumber,
        email: config.seller.email,
        phone: config.seller.phone,
        bankgiro: config.seller.bankgiro,
        iban: config.seller.iban,
        bic: config.seller.bic,
      },
      buyer: {
        name: issued.buyer.name,
        address: [issued.buyer.address, issued.buyer.countryName].filter(Boolean).join('\n'),
        email: issued.buyer.email,
        reference: issued.buyer.reference,
      },
      invoice: {
        number: invoice.number,
        ocr: invoice.ocr,
        issuedOn: invoice.issuedOn,
        dueDate: dueOn,
        lastDayToPay: lastDayToPay(dueOn),
        total: invoice.total,
        credited: decimalFromOre(facts.creditedOre),
        paid: decimalFromOre(facts.paidOre),
        balance: decimalFromOre(facts.balanceOre),
        daysOverdue: daysOverdue(dueOn, today),
      },
      fee: charges.fee ? { kind: charges.fee.kind, amount: dec(charges.fee.amount) } : null,
      interest: { total: dec(charges.interest), periods: snapshotPeriods(charges.periods) },
      total: decimalFromOre(totalOre),
      toPay: decimalFromOre(facts.balanceOre + totalOre),
      step: by.step,
    };
    const documentId = await insertReminderDocument(tx, {
      orderId: order.id,
      number,
      seq,
      issuedAt: now,
      issuedOn: today,
      dueOn: snapshot.dueDate,
      language: invoice.language,
      vatTreatment: invoice.vatTreatment,
      total: snapshot.total,
      ocr,
      snapshot,
    });
    const inserted = await queryRows<{ document_id: string }>(
      tx,
      sql`INSERT INTO reminders (document_id, invoice_id, step, fee_kind, fee, interest, interest_until, sent_by)
        VALUES (${documentId}::bigint, ${invoice.id}::bigint, ${by.step}, ${charges.fee?.kind ?? null},
          ${snapshot.fee?.amount ?? '0.00'}::numeric, ${snapshot.interest.total}::numeric, ${today}::date, ${by.name})
        RETURNING document_id::text AS document_id`,
    );
    if (inserted.length === 0) throw new Error('reminder charges not stored');
    await enqueueEmail(tx, { orderId: order.id, kind: 'reminder', ref: documentId });
    await recordAudit(tx, {
      staffId: by.staffId,
      action: 'reminder',
      target: number,
      orderId: order.id,
      after: {
        invoice: invoice.number,
        fee: snapshot.fee?.amount ?? '0.00',
        interest: snapshot.interest.total,
        total: snapshot.total,
        ...(by.step === null ? {} : { step: by.step }),
      },
    });
    return { ok: true, number, documentId, total: snapshot.total };
  });
}

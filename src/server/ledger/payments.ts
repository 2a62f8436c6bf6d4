import { enqueueEmailsSql } from '@/server/email';
import { sql } from 'drizzle-orm';
import { isCalendarDate, stockholmDate } from '@/shared/dates';
import {
  balanceOre,
  decimalFromOre,
  MAX_AMOUNT_ORE,
  oreFromDecimal,
  paymentState,
  type LedgerDocument,
  type LedgerPayment,
  type LedgerSums,
  type OrderMoney,
  type PaymentMethod,
  type PaymentState,
} from '@/shared/ledger';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import { documentsOfOrder, hasEInvoice } from './documents';
import { centsFromOre } from '@/shared/invoicing/currency-payments';
import { currencyOfDocuments } from './currency-balances';
import { settleSmallResidual } from './small-differences';

/** A payment the ledger cannot take: a caller's mistake (the routes check the admin's input first). */
export class LedgerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerError';
  }
}

export interface NewPayment {
  /** The invoice or supplementary invoice it pays (a refund: whose money goes back). */
  documentId: number;
  /** In öre: positive money received, negative a refund; never 0. */
  amountOre: number;
  /** The day the money arrived or left the bank, YYYY-MM-DD, today in Stockholm at the latest. */
  paidOn: string;
  method: PaymentMethod;
  /** The admin's note (a bank statement line, a receipt number). */
  reference?: string | null;
  /**
   * The bank's own id of the transaction (a bank file's row): a payment with an id already
   * recorded is not recorded again (answered `duplicate`), so a file read twice books nothing twice.
   */
  externalReference?: string | null;
  /** Who recorded it (a staff member's name or id); null when unknown. */
  recordedBy?: string | null;
  /** Queue the buyer's "payment received" email (default: for money received, not for refunds). */
  notifyBuyer?: boolean;
  /**
   * A payment of a EUR invoice: the euros paid (cents) and the SEK the bank booked (öre);
   * `amountOre` is then the SEK it clears at the invoice's rate (currency-payments.ts).
   */
  currency?: { code: 'EUR'; amountCents: number; bookedSekOre: number };
  /** No money: a residual settled by öresavrundning (3740), with the admin's reason when by hand. */
  settlement?: { kind: 'rounding'; reason: string | null };
  /**
   * Money received that leaves an individual's invoice short by at most this (öre) settles the
   * rest by öresavrundning in the same transaction (small-differences.ts); 0 or absent: never.
   */
  settleResidualUpToOre?: number;
}

export type RecordedPayment = { recorded: true; id: number } | { recorded: false; duplicate: true };

/**
 * Records one payment in the caller's transaction: the one way money enters the ledger (admin,
 * bank files, card payments). Money received queues the buyer's "payment received" email (ref =
 * the payment) in the same statement. Bokföringslagen (1999:1078) 5 kap. 6 §: every business event
 * gets its own verification, so each payment is one row with its own day and amount.
 */
export async function recordPayment(tx: Db, payment: NewPayment): Promise<RecordedPayment> {
  const { amountOre, paidOn } = payment;
  if (!Number.isSafeInteger(amountOre) || amountOre === 0 || Math.abs(amountOre) > MAX_AMOUNT_ORE)
    throw new LedgerError(`A payment is a non-zero amount of whole öre: ${amountOre}`);
  if (!isCalendarDate(paidOn) || paidOn > stockholmDate(new Date()))
    throw new LedgerError(`A payment's day is a date no later than today: ${paidOn}`);
  const notify = payment.notifyBuyer ?? (amountOre > 0 && !payment.settlement);
  const currencyAmount = payment.currency ? decimalFromOre(payment.currency.amountCents) : null;
  const bookedSek = payment.currency ? decimalFromOre(payment.currency.bookedSekOre) : null;
  const rows = await queryRows<{ id: string | null; found: boolean }>(
    tx,
    sql`WITH document AS (
        SELECT id, order_id FROM documents WHERE id = ${payment.documentId}::bigint AND kind <> 'credit_note'
      ), inserted AS (
        INSERT INTO payments (document_id, amount, paid_on, method, reference, external_reference, recorded_by,
          currency, amount_in_currency, booked_sek, settlement, settlement_reason)
        SELECT id, ${decimalFromOre(amountOre)}::numeric, ${paidOn}::date, ${payment.method},
          ${payment.reference ?? null}, ${payment.externalReference ?? null}, ${payment.recordedBy ?? null},
          ${payment.currency?.code ?? null}, ${currencyAmount}::numeric, ${bookedSek}::numeric,
          ${payment.settlement?.kind ?? null}, ${payment.settlement?.reason ?? null}
        FROM document
        ON CONFLICT (external_reference) DO NOTHING
        RETURNING id
      ), queued AS (
        ${enqueueEmailsSql({
          orderId: sql`document.order_id`,
          kind: 'payment_received',
          ref: sql`inserted.id`,
          from: sql`document, inserted WHERE ${notify}`,
        })}
      )
      SELECT (SELECT id::text FROM inserted) AS id, EXISTS (SELECT 1 FROM document) AS found`,
  );
  const row = rows[0];
  if (!row?.found) throw new LedgerError(`No invoice with id ${payment.documentId} to pay`);
  if (row.id === null) return { recorded: false, duplicate: true };
  if (amountOre > 0 && !payment.settlement && (payment.settleResidualUpToOre ?? 0) > 0)
    await settleSmallResidual(
      tx,
      payment.documentId,
      paidOn,
      payment.settleResidualUpToOre ?? 0,
      payment.recordedBy,
    );
  return { recorded: true, id: Number(row.id) };
}

/** What is still to pay on one invoice: its total, less its credit notes and the money received (plus refunds). */
export async function invoiceBalanceOre(db: Db, documentId: number): Promise<number> {
  const [row] = await queryRows<{ balance: string }>(
    db,
    sql`SELECT (d.total
        + coalesce((SELECT sum(c.total) FROM documents c WHERE c.corrects_document_id = d.id), 0)
        - coalesce((SELECT sum(p.amount) FROM payments p WHERE p.document_id = d.id), 0))::text AS balance
      FROM documents d WHERE d.id = ${documentId}::bigint`,
  );
  if (!row) throw new LedgerError(`No document with id ${documentId}`);
  return oreFromDecimal(row.balance);
}

/** An order's sums as SQL gives them: decimal kronor as text. */
type SumsRow = Record<keyof LedgerSums, string>;

function sumsOfRow(row: SumsRow): LedgerSums {
  return {
    invoiced: oreFromDecimal(row.invoiced),
    credited: oreFromDecimal(row.credited),
    received: oreFromDecimal(row.received),
    refunded: oreFromDecimal(row.refunded),
  };
}

/** Each order's sums in öre, for the orders asked (an order without documents: all zero). */
export async function ledgerSums(db: Db, orderIds: readonly number[]): Promise<Map<number, LedgerSums>> {
  const sums = new Map<number, LedgerSums>();
  if (orderIds.length === 0) return sums;
  const rows = await queryRows<SumsRow & { order_id: string }>(
    db,
    sql`SELECT ids.id::text AS order_id,
        coalesce((SELECT sum(d.total) FROM documents d WHERE d.order_id = ids.id AND d.kind <> 'credit_note'), 0)::text AS invoiced,
        coalesce((SELECT -sum(d.total) FROM documents d WHERE d.order_id = ids.id AND d.kind = 'credit_note'), 0)::text AS credited,
        coalesce(p.received, 0)::text AS received, coalesce(p.refunded, 0)::text AS refunded
      FROM unnest(${`{${orderIds.join(',')}}`}::bigint[]) AS ids(id)
      LEFT JOIN LATERAL (
        SELECT sum(pay.amount) FILTER (WHERE pay.amount > 0) AS received,
          -sum(pay.amount) FILTER (WHERE pay.amount < 0) AS refunded
        FROM documents d JOIN payments pay ON pay.document_id = d.id WHERE d.order_id = ids.id
      ) p ON TRUE`,
  );
  for (const row of rows) {
    sums.set(Number(row.order_id), sumsOfRow(row));
  }
  return sums;
}

const noMoney: LedgerSums = { invoiced: 0, credited: 0, received: 0, refunded: 0 };

/** Payment state and balance of each order asked (the admin's list). */
export async function paymentStates(
  db: Db,
  orderIds: readonly number[],
): Promise<Map<number, { paymentState: PaymentState; balance: string }>> {
  const sums = await ledgerSums(db, orderIds);
  return new Map(
    orderIds.map((id) => {
      const order = sums.get(id) ?? noMoney;
      return [id, { paymentState: paymentState(order), balance: decimalFromOre(balanceOre(order)) }];
    }),
  );
}

type PaymentRow = {
  document_id: string;
  amount: string;
  paid_on: string;
  invoice: string;
  method: PaymentMethod;
  reference: string | null;
  recorded_by: string | null;
  currency: 'EUR' | null;
  amount_in_currency: string | null;
  booked_sek: string | null;
  settlement: 'rounding' | null;
  settlement_reason: string | null;
};

/** An order's payments and refunds, oldest first. */
export async function paymentsOfOrder(
  db: Db,
  orderId: number,
): Promise<(LedgerPayment & { documentId: number })[]> {
  const rows = await queryRows<PaymentRow>(
    db,
    sql`SELECT p.document_id::text AS document_id, p.amount::text AS amount, to_char(p.paid_on, 'YYYY-MM-DD') AS paid_on,
        d.number AS invoice, p.method, p.reference, p.recorded_by, p.currency,
        p.amount_in_currency::text AS amount_in_currency, p.booked_sek::text AS booked_sek, p.settlement,
        p.settlement_reason
      FROM payments p JOIN documents d ON d.id = p.document_id
      WHERE d.order_id = ${orderId}::bigint ORDER BY p.paid_on, p.id`,
  );
  return rows.map((row) => ({
    documentId: Number(row.document_id),
    amount: row.amount,
    paidOn: row.paid_on,
    invoice: row.invoice,
    method: row.method,
    reference: row.reference,
    recordedBy: row.recorded_by,
    ...(row.currency && row.amount_in_currency && row.booked_sek
      ? { currency: row.currency, amountInCurrency: row.amount_in_currency, bookedSek: row.booked_sek }
      : {}),
    ...(row.settlement ? { settlement: row.settlement, settlementReason: row.settlement_reason } : {}),
  }));
}

/**
 * The money of one order: every document (an invoice with what is left to pay on it), every
 * payment, the balance over all of them and the payment state derived from them.
 */
export async function orderMoney(
  db: Db,
  order: { id: number; orderNumber: string },
  pdfPath: (orderNumber: string, documentNumber: string) => string,
): Promise<OrderMoney> {
  const [rows, payments] = await Promise.all([documentsOfOrder(db, order.id), paymentsOfOrder(db, order.id)]);
  const byNumber = new Map(rows.map((row) => [row.id, row.number]));
  const inCurrency = currencyOfDocuments(rows, payments);
  const sums: LedgerSums = { ...noMoney };
  const documents: LedgerDocument[] = rows.map((row) => {
    const total = oreFromDecimal(row.total);
    if (row.kind === 'credit_note') sums.credited -= total;
    else sums.invoiced += total;
    const invoiceBalance =
      row.kind === 'credit_note'
        ? null
        : total +
          rows
            .filter((other) => other.correctsDocumentId === row.id)
            .reduce((sum, credit) => sum + oreFromDecimal(credit.total), 0) -
          payments
            .filter((payment) => payment.documentId === row.id)
            .reduce((sum, payment) => sum + oreFromDecimal(payment.amount), 0);
    return {
      kind: row.kind,
      number: row.number,
      issuedOn: row.issuedOn,
      dueOn: row.dueOn,
      total: row.total,
      net: row.net,
      vat: row.vat,
      pdf: pdfPath(order.orderNumber, row.number),
      // The e-invoice is at the PDF's address with .xml for .pdf (documents/:number.xml).
      xml: hasEInvoice(row) ? pdfPath(order.orderNumber, row.number).replace(/\.pdf$/, '.xml') : null,
      corrects: row.correctsDocumentId === null ? null : (byNumber.get(row.correctsDocumentId) ?? null),
      reason: row.reason,
      balance: invoiceBalance === null ? null : decimalFromOre(invoiceBalance),
      ...('kind' in row.snapshot && row.snapshot.kind === 'reminder'
        ? { reminds: row.snapshot.invoice.number }
        : {}),
      ...(inCurrency.get(row.id) ?? { currency: 'SEK' as const }),
    };
  });
  for (const payment of payments) {
    const amount = oreFromDecimal(payment.amount);
    if (amount > 0) sums.received += amount;
    else sums.refunded -= amount;
  }
  return {
    paymentState: paymentState(sums),
    balance: decimalFromOre(balanceOre(sums)),
    payments: payments.map(({ documentId: _documentId, ...payment }) => payment),
    documents,
  };
}

/** What the buyer's "payment received" email says: the payment, and the order's money right after it. */
export interface PaymentNotice {
  amount: string;
  paidOn: string;
  /** The invoice it paid, its kind and OCR (to pay the rest with). */
  invoice: string;
  invoiceKind: 'invoice' | 'supplementary_invoice' | 'reminder';
  ocr: string | null;
  /** The order's balance and state counting this payment and what came before it, not what came after. */
  balance: string;
  paymentState: PaymentState;
  /** A payment of a EUR invoice: the euros paid and what is left in EUR (the SEK balance at the invoice's rate). */
  inCurrency?: { code: 'EUR'; amount: string; balance: string };
}

export async function paymentNotice(db: Db, paymentId: number): Promise<PaymentNotice | undefined> {
  const [row] = await queryRows<
    SumsRow & {
      amount: string;
      paid_on: string;
      invoice: string;
      kind: 'invoice' | 'supplementary_invoice' | 'reminder';
      ocr: string | null;
      rate: string | null;
      amount_in_currency: string | null;
    }
  >(
    db,
    sql`SELECT p.amount::text AS amount, d.snapshot->'foreign'->>'rate' AS rate,
        p.amount_in_currency::text AS amount_in_currency, to_char(p.paid_on, 'YYYY-MM-DD') AS paid_on, d.number AS invoice, d.kind, d.ocr,
        coalesce((SELECT sum(x.total) FROM documents x WHERE x.order_id = d.order_id AND x.kind <> 'credit_note'
          AND x.issued_at <= p.created_at), 0)::text AS invoiced,
        coalesce((SELECT -sum(x.total) FROM documents x WHERE x.order_id = d.order_id AND x.kind = 'credit_note'
          AND x.issued_at <= p.created_at), 0)::text AS credited,
        coalesce((SELECT sum(q.amount) FROM payments q JOIN documents y ON y.id = q.document_id
          WHERE y.order_id = d.order_id AND q.amount > 0
            AND (q.id <= p.id OR (q.settlement IS NOT NULL AND q.created_at = p.created_at))), 0)::text AS received,
        coalesce((SELECT -sum(q.amount) FROM payments q JOIN documents y ON y.id = q.document_id
          WHERE y.order_id = d.order_id AND q.id <= p.id AND q.amount < 0), 0)::text AS refunded
      FROM payments p JOIN documents d ON d.id = p.document_id WHERE p.id = ${paymentId}::bigint`,
  );
  if (!row) return undefined;
  const sums = sumsOfRow(row);
  return {
    amount: row.amount,
    paidOn: row.paid_on,
    invoice: row.invoice,
    invoiceKind: row.kind,
    ocr: row.ocr,
    balance: decimalFromOre(balanceOre(sums)),
    paymentState: paymentState(sums),
    ...(row.rate
      ? {
          inCurrency: {
            code: 'EUR' as const,
            amount:
              row.amount_in_currency ?? decimalFromOre(centsFromOre(oreFromDecimal(row.amount), row.rate)),
            balance: decimalFromOre(centsFromOre(balanceOre(sums), row.rate)),
          },
        }
      : {}),
  };
}

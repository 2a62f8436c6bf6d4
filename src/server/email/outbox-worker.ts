import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '@/server/config';
import type { Database } from '@/server/db/client';
import { emailOutbox, type EmailKind } from '@/server/db/outbox-schema';
import { newOrderLink, orderById, type OrderRow } from '@/server/orders';
import { buildMessage } from './messages';
import { orderPrintFiles } from '@/server/print-files';
import { buildPrintFileNotice } from './print-file-notice';
import { buildBuyerCancelNotice } from './cancel-notice';
import { buildProofDecisionNotice } from './proof-notice';
import { buildStatusMessage } from './status-messages';
import { buildOrderLinksMessage } from './order-links-message';
import { buildSupplementaryInvoiceMessage } from './supplementary-message';
import { buildOrderChangeMessage } from './order-change-message';
import { buildCreditNoteMessage, buildPaymentReceivedMessage } from './ledger-messages';
import { buildReminderMessage, buildStatementMessage } from './reminder-message';
import { buildMessageNotice, buildMessageToBuyer, buildRefundMessage } from './talk-messages';
import { orderInvoiceWithPdf } from '@/server/ledger';
import { buildQuoteEmail } from '@/server/quotes';
import { buildAccountSignInEmail, buildErasureDoneEmail, forgetErasureAddress } from '@/server/accounts';
import { buildGroupReceiptEmail } from '@/server/group-orders';
import type { MailTransport } from './transport';

export interface OutboxWorkerOptions {
  /** How often to look for due messages (ms). */
  pollMs?: number;
  /** First retry delay (ms); doubles per attempt up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** A claimed row is retried by anyone after this long if its sender vanished (ms). */
  leaseMs?: number;
  batchSize?: number;
  /** Awaited before each email: the app gives way to requests here (http/foreground.ts). */
  beforeEachEmail?: () => Promise<void>;
}

export interface DrainResult {
  sent: number;
  failed: number;
}

/**
 * Sends the email outbox. Rows are claimed with FOR UPDATE SKIP LOCKED and a lease, so several
 * instances never send one row at once; a failed send is retried later with exponential back-off
 * and the order itself is never affected.
 */
/** An outbox row as deliver() reads it. */
interface OutboxRow {
  id: number;
  orderId: number | null;
  quoteId: number | null;
  accountLinkId: number | null;
  groupReceiptId: number | null;
  privacyRequestId: number | null;
  kind: EmailKind;
  ref: number | null;
  attempts: number;
}

export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<DrainResult> | undefined;
  private again = false;
  private stopped = true;
  /** stop() was called: a running drain hands back what it has not sent yet. */
  private stopping = false;
  private releaseClaims = false;
  private readonly pollMs: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly beforeEachEmail: () => Promise<void>;

  constructor(
    private readonly database: Database,
    private readonly config: Config,
    private readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
    options: OutboxWorkerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 5_000;
    this.backoffMs = options.backoffMs ?? 30_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 60 * 60_000;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.batchSize = options.batchSize ?? 20;
    this.beforeEachEmail = options.beforeEachEmail ?? (() => Promise.resolve());
  }

  start(): void {
    this.stopped = false;
    this.stopping = false;
    // The embedded database belongs to this one process: a claim still held at start is from a process
    // that died mid-send (crash, SIGKILL). Retry those now, not after the lease (PostgreSQL: other
    // instances may be sending, so there the lease decides).
    this.releaseClaims = this.database.kind === 'pglite';
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
    this.transport.close();
  }

  /** A new order committed: send soon rather than at the next poll. */
  kick(): void {
    if (!this.stopped) this.schedule(0);
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.drain()
        .catch((error: unknown) => this.log.error({ err: error }, 'email outbox: drain failed'))
        .finally(() => {
          if (!this.stopped && !this.timer) this.schedule(this.pollMs);
        });
    }, delay);
    this.timer.unref();
  }

  /** Sends every message that is due now; resolves when none is left. One drain at a time per instance. */
  drain(): Promise<DrainResult> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = async (): Promise<DrainResult> => {
      const total: DrainResult = { sent: 0, failed: 0 };
      if (this.releaseClaims) {
        this.releaseClaims = false;
        await this.database.db
          .update(emailOutbox)
          .set({ nextAttemptAt: sql`now()` })
          .where(and(eq(emailOutbox.status, 'pending'), gt(emailOutbox.nextAttemptAt, sql`now()`)));
      }
      do {
        this.again = false;
        for (;;) {
          const batch = await this.claim();
          if (batch.length === 0) break;
          const reads = new BatchReads(this.database, this.config);
          for (const [index, row] of batch.entries()) {
            if (this.stopping) {
              // Shutting down: hand the rest back at once instead of waiting out their lease.
              await this.release(batch.slice(index).map((r) => r.id));
              return total;
            }
            await this.beforeEachEmail();
            if (await this.deliver(row, reads)) total.sent++;
            else total.failed++;
          }
        }
      } while (this.again);
      return total;
    };
    this.running = run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** One statement: lock due rows others have not locked, push their lease forward, answer them. */
  private async claim() {
    const due = this.database.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
      .limit(this.batchSize)
      .for('update', { skipLocked: true });
    return this.database.db
      .update(emailOutbox)
      .set({
        attempts: sql`${emailOutbox.attempts} + 1`,
        nextAttemptAt: sql`now() + ${`${this.leaseMs} milliseconds`}::interval`,
      })
      .where(inArray(emailOutbox.id, due))
      .returning({
        id: emailOutbox.id,
        orderId: emailOutbox.orderId,
        quoteId: emailOutbox.quoteId,
        accountLinkId: emailOutbox.accountLinkId,
        groupReceiptId: emailOutbox.groupReceiptId,
        privacyRequestId: emailOutbox.privacyRequestId,
        kind: emailOutbox.kind,
        ref: emailOutbox.ref,
        attempts: emailOutbox.attempts,
      });
  }

  private async markSent(id: number): Promise<void> {
    await this.database.db
      .update(emailOutbox)
      .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
      .where(eq(emailOutbox.id, id));
  }

  private async release(ids: number[]): Promise<void> {
    await this.database.db
      .update(emailOutbox)
      .set({ attempts: sql`${emailOutbox.attempts} - 1`, nextAttemptAt: sql`now()` })
      .where(inArray(emailOutbox.id, ids));
  }

  private async deliver(row: OutboxRow, reads: BatchReads): Promise<boolean> {
    try {
      // Every row without an order is sent by deliverWithoutOrder (a quote's when nothing else).
      const sent = await this.deliverWithoutOrder(row);
      if (!sent && row.orderId !== null) await this.deliverAboutOrder(row, row.orderId, reads);
      await this.markSent(row.id);
      return true;
    } catch (error) {
      const delay = Math.min(this.maxBackoffMs, this.backoffMs * 2 ** Math.min(20, row.attempts - 1));
      const message = error instanceof Error ? error.message : String(error);
      this.log.warn(
        { outboxId: row.id, attempts: row.attempts, retryInMs: delay, err: message },
        'email outbox: send failed, will retry',
      );
      await this.database.db
        .update(emailOutbox)
        .set({
          nextAttemptAt: sql`now() + ${`${delay} milliseconds`}::interval`,
          lastError: message.slice(0, 1000),
        })
        .where(eq(emailOutbox.id, row.id))
        .catch((updateError: unknown) =>
          this.log.error({ err: updateError }, 'email outbox: could not record failure'),
        );
      return false;
    }
  }

  /** Emails about no order (a sign-in link, a member's receipt, an erasure, a quote): true when it was one. */
  private async deliverWithoutOrder(row: OutboxRow): Promise<boolean> {
    if (row.accountLinkId !== null) {
      // An account's sign-in link: about an address, not an order (migrations/5400_accounts.sql).
      await this.transport.send(
        await buildAccountSignInEmail(this.database.db, this.config, row.accountLinkId),
        `account-${String(row.id).padStart(8, '0')}-${row.kind}.eml`,
      );
      return true;
    }
    if (row.groupReceiptId !== null) {
      // A group-order member's receipt of their entry (migrations/6050_group_entry_receipts.sql).
      await this.transport.send(
        await buildGroupReceiptEmail(this.database.db, this.config, row.groupReceiptId),
        `group-receipt-${String(row.id).padStart(8, '0')}.eml`,
      );
      return true;
    }
    if (row.privacyRequestId !== null) {
      // An erasure is done (migrations/6500_privacy_erasure.sql); once it is sent, the request
      // keeps only the address's hash.
      await this.transport.send(
        await buildErasureDoneEmail(this.database.db, this.config, row.privacyRequestId),
        `privacy-${String(row.id).padStart(8, '0')}.eml`,
      );
      await this.markSent(row.id);
      await forgetErasureAddress(this.database.db, row.privacyRequestId);
      return true;
    }
    if (row.orderId === null) {
      // A quote's email: no order exists yet (migrations/4500_quotes.sql).
      await this.transport.send(
        await buildQuoteEmail(this.database, this.config, row.quoteId ?? 0, row.kind, row.ref),
        `quote-${String(row.id).padStart(8, '0')}-${row.kind}.eml`,
      );
      return true;
    }
    return false;
  }

  /** An email about an order: its page link (when the reader is the buyer) and its kind's message. */
  private async deliverAboutOrder(row: OutboxRow, orderId: number, reads: BatchReads): Promise<void> {
    const order = await reads.order(orderId);
    // Every email to the buyer links the order page with a token of its own (links.ts); the
    // lookup email makes one per order it lists.
    const orderPageUrl =
      row.kind === 'shop_notice' ||
      row.kind === 'shop_notice_proof_decision' ||
      row.kind === 'shop_notice_print_file' ||
      row.kind === 'shop_notice_cancelled' ||
      row.kind === 'shop_notice_message' ||
      row.kind === 'order_links' ||
      row.kind === 'statement'
        ? undefined
        : await newOrderLink(this.database.db, order.id, this.config.publicBaseUrl, order.orderNumber);
    const entry = {
      db: this.database.db,
      ref: row.ref,
      order,
      config: this.config,
      orderPageUrl: orderPageUrl ?? '',
    };
    if (row.kind === 'shop_notice_proof_decision') {
      await this.transport.send(
        await buildProofDecisionNotice(this.database.db, row.ref, order, this.config),
        `${order.orderNumber}-${String(row.id).padStart(8, '0')}-${row.kind}.eml`,
      );
    } else if (row.kind === 'shop_notice_print_file') {
      await this.transport.send(
        await buildPrintFileNotice(this.database.db, row.ref, order, this.config),
        `${order.orderNumber}-${String(row.id).padStart(8, '0')}-${row.kind}.eml`,
      );
    } else if (row.kind === 'shop_notice_cancelled') {
      await this.transport.send(
        await buildBuyerCancelNotice(this.database.db, row.ref, order, this.config),
        `${order.orderNumber}-${String(row.id).padStart(8, '0')}-${row.kind}.eml`,
      );
    } else if (row.kind === 'shop_notice_message' || row.kind === 'message_to_buyer') {
      await this.transport.send(
        row.kind === 'shop_notice_message'
          ? buildMessageNotice(order, this.config)
          : buildMessageToBuyer(order, this.config, orderPageUrl ?? ''),
        `${order.orderNumber}-${String(row.id).padStart(8, '0')}-${row.kind}.eml`,
      );
    } else if (row.kind === 'refund') {
      await this.transport.send(
        await buildRefundMessage(entry),
        `${order.orderNumber}-${String(row.id).padStart(8, '0')}-${row.kind}.eml`,
      );
    } else if (row.kind === 'order_links') {
      await this.transport.send(
        await buildOrderLinksMessage(this.database.db, row.ref, order, this.config),
        `order-links-${String(row.id).padStart(8, '0')}.eml`,
      );
    } else if (row.kind === 'supplementary_invoice') {
      await this.transport.send(
        await buildSupplementaryInvoiceMessage(entry),
        `${order.orderNumber}-${String(row.id).padStart(8, '0')}-${row.kind}.eml`,
      );
    } else if (row.kind === 'order_change') {
      await this.transport.send(
        await buildOrderChangeMessage(entry),
        `${order.orderNumber}-${String(row.id).padStart(8, '0')}-${row.kind}.eml`,
      );
    } else if (row.kind === 'reminder') {
      await this.transport.send(
        await buildReminderMessage(entry),
        `${order.orderNumber}-${String(row.id).padStart(8, '0')}-${row.kind}.eml`,
      );
    } else if (row.kind === 'statement') {
      await this.transport.send(
        await buildStatementMessage(this.database.db, row.ref, order, this.config),
        `statement-${String(row.id).padStart(8, '0')}.eml`,
      );
    } else if (row.kind === 'payment_received' || row.kind === 'credit_note') {
      const build = row.kind === 'payment_received' ? buildPaymentReceivedMessage : buildCreditNoteMessage;
      await this.transport.send(
        await build(entry),
        `${order.orderNumber}-${String(row.id).padStart(8, '0')}-${row.kind}.eml`,
      );
    } else if (row.kind === 'buyer_confirmation' || row.kind === 'shop_notice') {
      // The invoice as the checkout issued it; its PDF is rendered here, outside the checkout,
      // once, and stored (the second email of the order attaches the stored bytes).
      const [invoice, printFiles] = await Promise.all([
        reads.checkoutInvoice(order),
        reads.printFiles(order),
      ]);
      await this.transport.send(
        buildMessage(row.kind, order, this.config, orderPageUrl, printFiles, invoice),
        `${order.orderNumber}-${row.kind}.eml`,
      );
    } else {
      const message = await buildStatusMessage(this.database.db, row, order, this.config, orderPageUrl ?? '');
      // The outbox id keeps two emails of one kind (two proofs) apart, in the order they were queued.
      await this.transport.send(
        message,
        `${order.orderNumber}-${String(row.id).padStart(8, '0')}-${row.kind}.eml`,
      );
    }
  }
}

/**
 * What the emails of one claimed batch read about their orders, read once per order: a checkout
 * queues two emails (the buyer's confirmation and the shop's notice) that attach the same invoice
 * and list the same print files, and they are claimed together. Lives for one batch only, so a
 * retry later reads afresh.
 */
class BatchReads {
  private readonly orders = new Map<number, Promise<OrderRow>>();
  private readonly invoices = new Map<number, ReturnType<typeof orderInvoiceWithPdf>>();
  private readonly files = new Map<number, ReturnType<typeof orderPrintFiles>>();

  constructor(
    private readonly database: Database,
    private readonly config: Config,
  ) {}

  order(orderId: number): Promise<OrderRow> {
    return remember(this.orders, orderId, async () => {
      const order = await orderById(this.database.db, orderId);
      if (!order) throw new Error(`order ${orderId} not found`);
      return order;
    });
  }

  /** The invoice the checkout issued and its stored PDF (rendered and stored at first use). */
  checkoutInvoice(order: OrderRow): ReturnType<typeof orderInvoiceWithPdf> {
    return remember(this.invoices, order.id, () =>
      orderInvoiceWithPdf(this.database.db, order, this.config.seller),
    );
  }

  printFiles(order: OrderRow): ReturnType<typeof orderPrintFiles> {
    return remember(this.files, order.id, () => orderPrintFiles(this.database.db, order.id, order.items));
  }
}

/** The cached promise for `key`, made by `make` the first time; a failed read is not kept. */
function remember<T>(cache: Map<number, Promise<T>>, key: number, make: () => Promise<T>): Promise<T> {
  let found = cache.get(key);
  if (!found) {
    found = make();
    cache.set(key, found);
    found.catch(() => cache.delete(key));
  }
  return found;
}

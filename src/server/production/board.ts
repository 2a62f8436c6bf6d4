import { sql } from 'drizzle-orm';
import { findProduct } from '@/shared/catalogue';
import type { CalendarDate } from '@/shared/dates';
import { orderDelivery, stockholmToday } from '@/shared/delivery';
import { orderStatuses } from '@/shared/order-status';
import { printFileQuality } from '@/shared/print-files';
import { printsTooLarge } from '@/shared/print-fit';
import {
  blocksFor,
  jobAtRisk,
  jobDue,
  jobLate,
  type BoardDue,
  type BoardJob,
  type BoardLine,
  type JobMethod,
  type ProductionBoard,
} from '@/shared/production';
import type { Db } from '@/server/db/client';
import type { StoredOrderLine } from '@/server/db/orders-schema';
import { queryRows } from '@/server/db/query-rows';
import { printFilesOfOrders, type PrintFileOfOrder } from '@/server/print-files';
import { paymentStates } from '@/server/ledger';
import { approvedOnSql, latestProofStateSql, latestProofVersionSql } from '@/server/proofs';

/** Open jobs the board lists at most: the oldest orders first (a shop has tens, not thousands). */
export const BOARD_LIMIT = 500;

/** Statuses of a job still to be printed or shipped. */
export const openJobStatuses: readonly string[] = orderStatuses.filter(
  (s) => s !== 'shipped' && s !== 'cancelled',
);

interface JobRow extends Record<string, unknown> {
  id: string;
  order_number: string;
  status: string;
  customer_name: string;
  customer_organization: string | null;
  country_code: string;
  needed_by: string | null;
  items: StoredOrderLine[];
  approved_on: CalendarDate | null;
  proof_state: 'awaiting' | 'approved' | 'changes_requested' | null;
  proof_version: number | null;
}

/** A goods line's print methods: the customiser's prints and a cap's decoration. */
export function lineMethods(line: Pick<StoredOrderLine, 'customisation' | 'options'>): JobMethod[] {
  const methods = new Set<JobMethod>(line.customisation?.prints.map((p) => p.method) ?? []);
  const decoration = line.options?.decoration;
  if (decoration === 'embroidery' || decoration === 'transfer') methods.add(decoration);
  return [...methods];
}

/** Open jobs, `statuses` of them, each with its date, blocks and lines (oldest orders first, BOARD_LIMIT at most). */
export async function loadJobs(
  db: Db,
  statuses: readonly string[] = openJobStatuses,
  today: CalendarDate = stockholmToday(),
): Promise<{ jobs: BoardJob[]; truncated: boolean; orderIds: Map<string, number> }> {
  const rows = await queryRows<JobRow>(
    db,
    sql`SELECT id::text AS id, order_number, status, customer_name, customer_organization, country_code,
          to_char(needed_by, 'YYYY-MM-DD') AS needed_by, items,
          ${approvedOnSql(sql`orders.id`)} AS approved_on,
          ${latestProofStateSql(sql`orders.id`)} AS proof_state,
          ${latestProofVersionSql(sql`orders.id`)} AS proof_version
        FROM orders WHERE status IN (${sql.join(
          statuses.map((s) => sql`${s}`),
          sql`, `,
        )})
        ORDER BY order_date, id LIMIT ${BOARD_LIMIT + 1}`,
  );
  const truncated = rows.length > BOARD_LIMIT;
  const listed = rows.slice(0, BOARD_LIMIT);
  const files = await printFilesOfOrders(
    db,
    listed.map((row) => row.id),
  );
  const filesByOrder = new Map<string, PrintFileOfOrder[]>();
  for (const file of files) filesByOrder.set(file.orderId, [...(filesByOrder.get(file.orderId) ?? []), file]);

  const jobs = listed.map((row): BoardJob => {
    const goods = row.items.filter((item) => item.fee === undefined);
    const orderFiles = filesByOrder.get(row.id) ?? [];
    const placedPrints = goods.some((line) => (line.customisation?.prints.length ?? 0) > 0);
    const lowResolution = orderFiles.some(
      (file) =>
        file.kind === 'raster' &&
        printFileQuality({ id: file.uploadId, width: file.pixelWidth ?? undefined }, goods)?.blurry === true,
    );
    const delivery = orderDelivery(
      {
        productIds: goods.map((l) => l.productId),
        countryCode: row.country_code,
        status: row.status,
        neededBy: row.needed_by,
        approvedOn: row.approved_on,
      },
      today,
    );
    const tooLarge = goods.map((line) => printsTooLarge(line, findProduct(line.productId)).length > 0);
    const blocks = blocksFor({
      hasFiles: orderFiles.length > 0 || placedPrints,
      proofState: row.proof_state ?? 'none',
      lowResolution,
      printTooLarge: tooLarge.some(Boolean),
    });
    const shipBy = delivery.neededBy ?? delivery.estimate;
    const lines = goods.map((line, i): BoardLine => {
      const board: BoardLine = {
        productId: line.productId,
        quantity: line.quantity,
        methods: lineMethods(line),
      };
      if (tooLarge[i]) board.printTooLarge = true;
      if (line.options) board.options = line.options;
      if (line.sizes) board.sizes = line.sizes;
      if (line.group) board.groupGarments = line.group.garments.length;
      return board;
    });
    return {
      orderNumber: row.order_number,
      customer: row.customer_organization ?? row.customer_name,
      status: row.status,
      shipBy,
      neededBy: delivery.neededBy,
      estimate: delivery.estimate,
      countedFrom: delivery.countedFrom,
      blocks,
      ready: blocks.length === 0 && row.status !== 'in_production',
      atRisk: jobAtRisk({ neededBy: delivery.neededBy, estimate: delivery.estimate, shipBy, blocks }, today),
      late: jobLate({ neededBy: delivery.neededBy, estimate: delivery.estimate }, today),
      lines,
      methods: [...new Set(lines.flatMap((l) => l.methods))],
      proofVersion: row.proof_version === null ? null : Number(row.proof_version),
    };
  });
  return { jobs, truncated, orderIds: new Map(listed.map((row) => [row.order_number, Number(row.id)])) };
}

/** What the board may be narrowed to (issue 41); `paid` only for a role that may see money. */
export interface BoardFilter {
  method?: JobMethod | undefined;
  product?: string | undefined;
  due?: BoardDue | undefined;
  paid?: 'paid' | 'unpaid' | undefined;
  /** The reader may see money: each job then says whether it is paid. */
  withMoney?: boolean;
}

/** Paid in full (or more): what "paid" means to the board; anything else is not paid. */
const paidStates: ReadonlySet<string> = new Set(['paid', 'overpaid']);

/** The board: every open job, soonest date first (then order number), optionally narrowed. */
export async function productionBoard(
  db: Db,
  filter: BoardFilter,
  today: CalendarDate = stockholmToday(),
): Promise<ProductionBoard> {
  const { jobs, truncated, orderIds } = await loadJobs(db, openJobStatuses, today);
  const states =
    filter.withMoney || filter.paid
      ? await paymentStates(db, [...orderIds.values()])
      : new Map<number, { paymentState: string }>();
  const isPaid = (job: BoardJob) =>
    paidStates.has(states.get(orderIds.get(job.orderNumber) ?? 0)?.paymentState ?? 'unpaid');
  const shown = jobs
    .filter((job) => !filter.method || job.methods.includes(filter.method))
    .filter((job) => !filter.product || job.lines.some((l) => l.productId === filter.product))
    .filter((job) => !filter.due || jobDue(job, filter.due, today))
    .filter((job) => !filter.paid || isPaid(job) === (filter.paid === 'paid'))
    .map((job) => (filter.withMoney ? { ...job, paid: isPaid(job) } : job))
    .sort((a, b) => a.shipBy.localeCompare(b.shipBy) || a.orderNumber.localeCompare(b.orderNumber));
  return { today, jobs: shown, truncated };
}

export function isKnownProduct(id: string): boolean {
  return findProduct(id) !== undefined;
}

/**
 * Production: the admin's board of open jobs, the blanks to order and the job ticket. The rules
 * here (what blocks a job, the date it must ship, when it is at risk) are the same for the board,
 * the ticket and the blanks list.
 */
import type { CalendarDate } from './dates';
import { addDays } from './dates';
import type { LineOptions } from './product-options';
import type { SizeSplit } from './sizes';

/** Why a job cannot be printed yet. */
export const jobBlocks = [
  'filesMissing',
  'proofWaiting',
  'changesRequested',
  'lowResolution',
  'printTooLarge',
] as const;
export type JobBlock = (typeof jobBlocks)[number];

/** Print methods on the board's filter: the customiser's, and a cap's decoration. */
export const jobMethods = ['dtg', 'screen', 'embroidery', 'transfer'] as const;
export type JobMethod = (typeof jobMethods)[number];

export interface BoardLine {
  productId: string;
  quantity: number;
  options?: LineOptions;
  sizes?: SizeSplit;
  methods: JobMethod[];
  /** A print wider than its side's print area (an order stored before the limit): cannot be printed as is. */
  printTooLarge?: true;
  /** A group order's line (issue 44): how many garments it names, each member's own (the packing list). */
  groupGarments?: number;
}

/** One open job on the production board. */
export interface BoardJob {
  orderNumber: string;
  customer: string;
  status: string;
  /** The date the job must be delivered by: the buyer's needed-by date, else the delivery estimate. */
  shipBy: CalendarDate;
  neededBy: CalendarDate | null;
  estimate: CalendarDate;
  /** The estimate counts from the proof approval ('approval') or from today until there is one. */
  countedFrom: 'approval' | 'today';
  blocks: JobBlock[];
  /** Nothing blocks it and it is not yet in production. */
  ready: boolean;
  /** The estimate misses the needed-by date, or the date is near and the job is still blocked. */
  atRisk: boolean;
  /** The buyer's needed-by date has passed, or the estimate misses it (issue 41). */
  late: boolean;
  /** Paid in full: only in a money role's board (never production's, issue 38). */
  paid?: boolean;
  lines: BoardLine[];
  methods: JobMethod[];
  proofVersion: number | null;
}

export interface ProductionBoard {
  today: CalendarDate;
  jobs: BoardJob[];
  /** More open jobs than the board lists (the oldest are listed). */
  truncated: boolean;
}

/** Days before its date a still-blocked job counts as at risk. */
export const AT_RISK_DAYS = 3;

export function jobAtRisk(
  job: {
    neededBy: CalendarDate | null;
    estimate: CalendarDate;
    shipBy: CalendarDate;
    blocks: readonly JobBlock[];
  },
  today: CalendarDate,
): boolean {
  if (job.neededBy !== null && job.neededBy < job.estimate) return true;
  return job.blocks.length > 0 && job.shipBy <= addDays(today, AT_RISK_DAYS);
}

/** Late against the buyer's needed-by date: the date has passed, or the estimate misses it. */
export function jobLate(
  job: { neededBy: CalendarDate | null; estimate: CalendarDate },
  today: CalendarDate,
): boolean {
  return job.neededBy !== null && (job.neededBy < today || job.neededBy < job.estimate);
}

/** The board's date filters: late against needed-by, due this week or next (Monday to Sunday, Stockholm). */
export const boardDues = ['late', 'this_week', 'next_week'] as const;
export type BoardDue = (typeof boardDues)[number];

/** The Monday of the week a calendar date is in. */
export function mondayOf(date: CalendarDate): CalendarDate {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** Whether the job is in the board's date filter. */
export function jobDue(
  job: { late: boolean; shipBy: CalendarDate },
  due: BoardDue,
  today: CalendarDate,
): boolean {
  if (due === 'late') return job.late;
  const monday = addDays(mondayOf(today), due === 'this_week' ? 0 : 7);
  return job.shipBy >= monday && job.shipBy <= addDays(monday, 6);
}

/** What blocks a job, from its files, its lines' prints and its latest proof. */
export function blocksFor(job: {
  hasFiles: boolean;
  proofState: 'none' | 'awaiting' | 'approved' | 'changes_requested';
  lowResolution: boolean;
  /** A line's print is wider than its print area. */
  printTooLarge?: boolean;
}): JobBlock[] {
  const blocks: JobBlock[] = [];
  if (!job.hasFiles) blocks.push('filesMissing');
  if (job.proofState === 'none' || job.proofState === 'awaiting') blocks.push('proofWaiting');
  if (job.proofState === 'changes_requested') blocks.push('changesRequested');
  if (job.lowResolution) blocks.push('lowResolution');
  if (job.printTooLarge) blocks.push('printTooLarge');
  return blocks;
}

/** GET /api/admin/blanks: pieces to buy per product, colour and size, and which job needs them. */
export interface BlanksRow {
  productId: string;
  colour: string;
  size: string;
  pieces: number;
  /** Pieces of the jobs whose blanks are not yet marked ordered (issue 41). */
  toOrder: number;
  jobs: { orderNumber: string; pieces: number; shipBy: CalendarDate; blanksOrdered: boolean }[];
}

/** A job of the blanks list with its "blanks ordered" mark (who and when), for staff to set or clear. */
export interface BlanksJob {
  orderNumber: string;
  customer: string;
  shipBy: CalendarDate;
  blanksOrdered: { by: string; at: string } | null;
}

/** GET /api/admin/blanks: the range (null: every open job not yet in production), the rows and the jobs. */
export interface BlanksList {
  from: CalendarDate | null;
  to: CalendarDate | null;
  rows: BlanksRow[];
  jobs: BlanksJob[];
}

export const productionPaths = {
  board: '/api/admin/production',
  blanks: '/api/admin/blanks',
  blanksCsv: '/api/admin/blanks.csv',
  blanksOrdered: (orderNumber: string) =>
    `/api/admin/orders/${encodeURIComponent(orderNumber)}/blanks-ordered`,
  jobTicket: (orderNumber: string) => `/api/admin/orders/${encodeURIComponent(orderNumber)}/job-ticket.pdf`,
  packingList: (orderNumber: string, format: 'pdf' | 'csv') =>
    `/api/admin/orders/${encodeURIComponent(orderNumber)}/packing-list.${format}`,
} as const;

/** The staff's language for what is printed for the workshop (job tickets, the supplier's CSV): the shop's. */
export const staffLanguage = 'sv' as const;

/** The longest range the blanks list takes (a year): longer is a typo. */
export const BLANKS_MAX_DAYS = 366;

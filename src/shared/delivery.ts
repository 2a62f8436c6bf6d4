/**
 * Delivery estimates, the same in the browser (product pages, cart, confirmation) and on the
 * server (checkout, admin): production lead time from the catalogue plus shipping by country
 * group, all in Swedish working days (working-days.ts), counted from the day the buyer approves
 * the proof. Before approval the estimate counts from today, as if the proof were approved today.
 */
import { findProduct } from './catalogue';
import { addDays, isCalendarDate, stockholmDate, type CalendarDate } from './dates';
import { addWorkingDays } from './working-days';

export const shippingZones = ['sweden', 'nordics', 'europe'] as const;
export type ShippingZone = (typeof shippingZones)[number];

/** Shipping time by country group, in working days after production ends: the one place to change them. */
export const shippingDaysByZone: Readonly<Record<ShippingZone, number>> = {
  sweden: 2,
  nordics: 4,
  europe: 6,
};

const nordicCountries: ReadonlySet<string> = new Set(['NO', 'DK', 'FI', 'IS']);

/** Sweden, the other Nordic countries, or the rest of Europe (every other country we deliver to). */
export function shippingZone(countryCode: string): ShippingZone {
  if (countryCode === 'SE') return 'sweden';
  return nordicCountries.has(countryCode) ? 'nordics' : 'europe';
}

/**
 * Working days from proof approval to delivery for an order of these products: the slowest
 * product's production (lines are produced side by side and shipped together) plus shipping.
 * Unknown products count as nothing (the order refuses them anyway).
 */
export function deliveryWorkingDays(productIds: readonly string[], countryCode: string): number {
  const production = Math.max(0, ...productIds.map((id) => findProduct(id)?.productionDays ?? 0));
  return production + shippingDaysByZone[shippingZone(countryCode)];
}

/** Today in Stockholm: the day an approval given now would carry. */
export function stockholmToday(now: Date = new Date()): CalendarDate {
  return stockholmDate(now);
}

/** The estimated delivery date of an order approved on `approvedOn` (today until the proof is approved). */
export function estimatedDelivery(
  productIds: readonly string[],
  countryCode: string,
  approvedOn: CalendarDate,
): CalendarDate {
  return addWorkingDays(approvedOn, deliveryWorkingDays(productIds, countryCode));
}

/** A "needed by" date the estimate misses: the buyer is told before ordering, the admin list flags it. */
export function neededByAtRisk(neededBy: CalendarDate | null | undefined, estimate: CalendarDate): boolean {
  return neededBy !== null && neededBy !== undefined && neededBy < estimate;
}

/** How far ahead a "needed by" date may be: further is a typo (year 2206), not a plan. */
export const NEEDED_BY_MAX_DAYS_AHEAD = 730;

export type NeededByProblem = 'format' | 'past' | 'tooFar';

/** Checks a "needed by" date against today in Stockholm: a real calendar date, today or later, within two years. */
export function neededByProblem(value: string, today: CalendarDate): NeededByProblem | undefined {
  if (!isCalendarDate(value)) return 'format';
  if (value < today) return 'past';
  if (value > addDays(today, NEEDED_BY_MAX_DAYS_AHEAD)) return 'tooFar';
  return undefined;
}

/** An order's delivery as the buyer's pages and admin show it. */
export interface OrderDelivery {
  estimate: CalendarDate;
  /** 'today' until the buyer approves a proof: the estimate then assumes approval today. */
  countedFrom: 'approval' | 'today';
  neededBy: CalendarDate | null;
  /** The needed-by date is earlier than the estimate and the order is not yet shipped or cancelled. */
  atRisk: boolean;
}

const deliveredOrClosed: ReadonlySet<string> = new Set(['shipped', 'cancelled']);

/** The estimate for a stored order: from its proof approval once there is one, from today until then. */
export function orderDelivery(
  order: {
    productIds: readonly string[];
    countryCode: string;
    status: string;
    neededBy: string | null;
    approvedOn?: CalendarDate | null;
  },
  today: CalendarDate = stockholmToday(),
): OrderDelivery {
  const from = order.approvedOn ?? today;
  const estimate = estimatedDelivery(order.productIds, order.countryCode, from);
  const neededBy = order.neededBy !== null && isCalendarDate(order.neededBy) ? order.neededBy : null;
  return {
    estimate,
    countedFrom: order.approvedOn ? 'approval' : 'today',
    neededBy,
    atRisk: !deliveredOrClosed.has(order.status) && neededByAtRisk(neededBy, estimate),
  };
}

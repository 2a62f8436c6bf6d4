import { orderStatusMessages } from './i18n/messages/order-status';

/**
 * The job's life (its production, not its money: the payment state is derived from payments, see
 * ledger.ts); the Drizzle schema, the SQL CHECK (see the schema-parity test) and every page take it
 * from here.
 */
export const orderStatuses = ['pending', 'in_production', 'shipped', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** pending → in_production → shipped; any unfinished order may be cancelled. Paid or not. */
export const nextStatuses: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['in_production', 'cancelled'],
  in_production: ['shipped', 'cancelled'],
  shipped: [],
  cancelled: [],
};

/** The Swedish labels (the Swedish Excel export); pages take the visitor's language from the catalogue. */
export const statusLabels: Record<OrderStatus, string> = orderStatusMessages.sv;

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (orderStatuses as readonly string[]).includes(value);
}

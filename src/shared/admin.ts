/** Shapes of the admin API (src/server/admin) as the admin page reads them. Money as exact decimal strings. */

export const orderStatuses = ['pending', 'paid', 'in_production', 'shipped', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** pending → paid → in_production → shipped; any unfinished order may be cancelled. */
export const nextStatuses: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['paid', 'cancelled'],
  paid: ['in_production', 'cancelled'],
  in_production: ['shipped', 'cancelled'],
  shipped: [],
  cancelled: [],
};

export const statusLabels: Record<OrderStatus, string> = {
  pending: 'Väntar på betalning',
  paid: 'Betald',
  in_production: 'I produktion',
  shipped: 'Skickad',
  cancelled: 'Avbruten',
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (orderStatuses as readonly string[]).includes(value);
}

export interface AdminStats {
  totalOrders: number;
  /** Sum of every order's total, "1234567.50". */
  totalTurnover: string;
  /** Turnover / orders rounded to whole kronor, "5719"; "0" without orders. */
  averageOrderValue: string;
}

export interface AdminOrderLine {
  productId: string;
  name: string;
  quantity: number;
  unitPrice: string;
  lineTotal: string;
  customisation?: {
    color: string;
    prints: { method: 'dtg' | 'screen'; uploadId: string; side: string; x: number; y: number; scale: number }[];
    additionalInfo: string;
  };
}

export interface AdminOrderSummary {
  orderNumber: string;
  /** ISO time with microseconds. */
  orderDate: string;
  customerName: string;
  customerOrganization: string | null;
  customerEmail: string;
  customerPhone: string;
  itemsSummary: string;
  totalAmount: string;
  status: OrderStatus;
}

export interface AdminOrderPage {
  orders: AdminOrderSummary[];
  /** Pass as ?cursor= for the next page; null on the last page. */
  nextCursor: string | null;
}

export interface AdminStatusEvent {
  fromStatus: string;
  toStatus: string;
  changedAt: string;
}

export interface AdminOrderDetail extends AdminOrderSummary {
  customerType: 'personal' | 'company';
  customerOrgNumber: string | null;
  customerPersonalNumber: string | null;
  customerAddress: string;
  deliveryAddress: string;
  countryCode: string;
  items: AdminOrderLine[];
  exVatAmount: string;
  vatAmount: string;
  statusChangedAt: string;
  events: AdminStatusEvent[];
}

export interface AdminPartnerApplication {
  id: string;
  companyName: string;
  orgNumber: string;
  contactPerson: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postalCode: string;
  businessDescription: string;
  createdAt: string;
}

export interface AdminPartnerPage {
  applications: AdminPartnerApplication[];
  nextCursor: string | null;
}

/** "50 × Hoodie, 100 × Coupon Booklet" */
export function itemsSummary(items: readonly { name: string; quantity: number }[]): string {
  return items.map((item) => `${item.quantity} × ${item.name}`).join(', ');
}

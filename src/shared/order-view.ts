import type { Customisation } from './customisation';

/** What POST /api/orders answers (201 new, 200 replay of the same idempotency key). */
export interface PlacedOrderAnswer {
  orderNumber: string;
  /** Lets this buyer read the order and its invoice; sent as ?token= or the x-order-token header. */
  accessToken: string;
  /** Exact decimal kronor, e.g. "5718.75". */
  total: string;
}

/** GET /api/orders/:number: the stored order as the confirmation page shows it. Money as exact decimal strings. */
export interface OrderView {
  orderNumber: string;
  orderDate: string;
  dueDate: string;
  status: string;
  customer: {
    customerType: 'personal' | 'company';
    name: string;
    companyName: string | null;
    email: string;
    phone: string;
    address: string;
    country: string;
    countryName: string;
  };
  lines: {
    productId: string;
    name: string;
    quantity: number;
    unit: string;
    unitPrice: string;
    lineTotal: string;
    customisation?: Customisation;
  }[];
  total: string;
  exVat: string;
  vat: string;
  payment: { bankAccount: string; bankgiro: string; amount: string; reference: string };
}

export const orderTokenHeader = 'x-order-token';

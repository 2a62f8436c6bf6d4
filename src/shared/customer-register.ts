/**
 * The customer register (issue 43, docs/customers.md): every customer who has ordered, a company by
 * organisation number, an individual by personnummer or verified email, with what the shop knows
 * of them. The ids are the customer ledger's (a hash of the identity: no personnummer in a URL).
 */

/** Customers per page of the register. */
export const REGISTER_PAGE_SIZE = 50;
/** A staff note's length at most. */
export const CUSTOMER_NOTE_MAX = 2000;

export interface RegisterCustomer {
  id: string;
  kind: 'company' | 'individual';
  /** The latest order's company or buyer name. */
  name: string;
  /** Organisation number, masked personnummer, or the email address. */
  identity: string;
  email: string;
  phone: string;
  orders: number;
  quotes: number;
  documents: number;
  /** ISO instants of the first and latest order. */
  firstOrder: string;
  lastOrder: string;
  /** Net sales invoiced (credit notes less; reminder fees and interest are no sale), SEK. */
  turnover: string;
  /** What is owed today, SEK (negative: the shop owes the customer). */
  balance: string;
  notes: number;
}

export interface RegisterPage {
  customers: RegisterCustomer[];
  /** Customers matching the search and filter. */
  total: number;
  page: number;
  pageSize: number;
}

export interface RegisterContact {
  name: string;
  email: string;
  phone: string;
  /** The latest order this person placed (ISO instant). */
  lastOrder: string;
}

export interface RegisterNote {
  id: number;
  body: string;
  staff: string;
  createdAt: string;
}

export interface RegisterRecord {
  id: string;
  contacts: RegisterContact[];
  orders: { orderNumber: string; placedAt: string; total: string; status: string }[];
  quotes: { quoteNumber: string; createdAt: string; status: string }[];
  notes: RegisterNote[];
}

export const registerPaths = {
  list: '/api/admin/customer-register',
  csv: '/api/admin/customer-register.csv',
  one: (id: string) => `/api/admin/customer-register/${encodeURIComponent(id)}`,
  notes: (id: string) => `/api/admin/customer-register/${encodeURIComponent(id)}/notes`,
} as const;

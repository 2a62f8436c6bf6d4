import type { Customisation } from './customisation';
import type { PrintFileAnswer } from './print-files';
import type { LineOptions } from './product-options';
import type { SizeSplit } from './sizes';

/**
 * The buyer's account (issue 43, docs/accounts.md): signed in by an emailed one-time link, it holds
 * the orders and quotes placed with the verified address and puts an earlier order's lines back in
 * the cart. The contract below is kept stable: tests outside the project use it.
 */

/** The account page (and where the link's sign-in redirects). */
export const accountPath = '/account';
/** The emailed link opens this with `?token=`: a GET that signs in and redirects to accountPath. */
export const accountVerifyPath = '/account/verify';
/** Where the verify link sends a browser whose link was used, expired or unknown. */
export const accountLinkExpiredPath = '/account?link=expired';

export const accountApiPaths = {
  signIn: '/api/account/sign-in',
  account: '/api/account',
  signOut: '/api/account/sign-out',
  reorder: (orderNumber: string) => `/api/account/orders/${encodeURIComponent(orderNumber)}/reorder`,
} as const;

/** An order's page for a signed-in buyer: the server opens it with a fresh link (a redirect). */
export const accountOrderPagePath = (orderNumber: string) =>
  `/account/orders/${encodeURIComponent(orderNumber)}`;
/** A quote's page for a signed-in buyer, the same way. */
export const accountQuotePagePath = (quoteNumber: string) =>
  `/account/quotes/${encodeURIComponent(quoteNumber)}`;

/** How long an emailed link works, and how long a session lasts. */
export const SIGN_IN_LINK_MINUTES = 15;
export const ACCOUNT_SESSION_DAYS = 30;
/** The account lists at most this many orders and quotes, newest first. */
export const ACCOUNT_MAX_LISTED = 100;

export interface AccountOrder {
  orderNumber: string;
  /** ISO timestamp. */
  placedAt: string;
  /** Exact decimal string, SEK. */
  total: string;
  status: string;
  statusLabel: string;
  /** Opens the order page (accountOrderPagePath). */
  orderPage: string;
}

export interface AccountQuote {
  quoteNumber: string;
  createdAt: string;
  status: string;
  quotePage: string;
}

/** GET /api/account. `company` is absent until company accounts exist. */
export interface AccountView {
  email: string;
  company?: { orgNumber: string; name: string; members: string[] };
  orders: AccountOrder[];
  quotes: AccountQuote[];
}

/** POST /api/account/orders/:number/reorder: lines as POST /api/orders takes them, and what changed. */
export interface ReorderAnswer {
  lines: ReorderLine[];
  notes: string[];
  /** The print files the lines name (`printFile`), described for the cart: converted already. */
  printFiles: PrintFileAnswer[];
  /** The earlier order's buyer as the checkout form takes it: the form starts filled in. */
  customer: ReorderCustomer;
}

/** The checkout form's fields from an earlier order (every one a string; '' where it had none). */
export interface ReorderCustomer {
  customerType: 'personal' | 'company';
  name: string;
  companyName: string;
  orgNumber: string;
  personalNumber: string;
  email: string;
  phone: string;
  country: string;
  address: string;
  vatNumber: string;
  buyerReference: string;
  peppolId: string;
  separateBilling: boolean;
  billingAddress: string;
}

/** One line as POST /api/orders takes it (src/shared/checkout-schema.ts orderLineSchema). */
export interface ReorderLine {
  productId: string;
  quantity: number;
  customisation?: Customisation;
  sizes?: SizeSplit;
  options?: LineOptions;
  notes?: string;
  printFile?: string;
}

import type { LineChoices } from './checkout-schema';
import type { CustomerFormValues } from './customer-fields';
import type { PrintFileAnswer } from './print-files';
import type { SavedAddress } from './saved-address';

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

/**
 * The session cookie (httpOnly: scripts never read it) and its readable companion, which holds no
 * secret and says only that a session cookie is there: a stranger's /account shows the sign-in form
 * at once instead of asking the API first and reading a 401 (GitHub's `logged_in` does the same).
 */
export const accountCookieNames = { session: 'account_session', hint: 'account_signed_in' } as const;

export const accountApiPaths = {
  signIn: '/api/account/sign-in',
  account: '/api/account',
  signOut: '/api/account/sign-out',
  reorder: (orderNumber: string) => `/api/account/orders/${encodeURIComponent(orderNumber)}/reorder`,
  /** POST `{ email }`: a member invites a colleague (202; others 403). */
  companyMembers: '/api/account/company/members',
  /** DELETE: a member removes a person of the company (204). */
  companyMember: (email: string) => `/api/account/company/members/${encodeURIComponent(email)}`,
  /** GET with the order's or quote's token (header): whether it is the company's or may be claimed. */
  companyClaimState: (kind: CompanyClaimKind, number: string) =>
    `/api/account/company/${kind}s/${encodeURIComponent(number)}`,
  /** POST with the order's or quote's token (header): a member claims it for the company. */
  companyClaim: (kind: CompanyClaimKind, number: string) =>
    `/api/account/company/${kind}s/${encodeURIComponent(number)}/claim`,
  /** POST: the signed-in buyer asks for erasure of their personal data (202 `{ requestedAt }`). */
  erasure: '/api/account/erasure',
  /** GET lists, POST adds a saved delivery address (src/shared/saved-address.ts). */
  addresses: '/api/account/addresses',
  /** PUT changes, DELETE removes one of the reader's saved addresses (404 for anyone else's). */
  address: (id: number) => `/api/account/addresses/${id}`,
  /** GET: what the checkout form starts from for a signed-in buyer (`CheckoutPrefill`). */
  checkout: '/api/account/checkout',
} as const;

/** Staff's erasure requests (owner): GET lists, POST `/:id/erase` carries one out. */
export const adminPrivacyRequestsPath = '/api/admin/privacy-requests';

/** What an erasure did, counted (kept on the request; never the address). */
export interface ErasureOutcome {
  /** Orders whose invoicing fields bokföringslagen 7 kap. 2 § still keeps. */
  ordersKept: number;
  ordersAnonymised: number;
  messages: number;
  quotes: number;
  sessions: number;
  signInLinks: number;
  addresses: number;
  memberships: number;
  groupEntries: number;
}

/** An erasure request as staff see it. */
export interface AdminPrivacyRequest {
  id: number;
  /** The address while open or until the "done" email is sent; null once only its hash is kept. */
  email: string | null;
  requestedAt: string;
  completedAt: string | null;
  completedBy: string | null;
  outcome: ErasureOutcome | null;
  /** Orders placed with the address (open requests; 0 once done). */
  orders: number;
}

/** Staff's company accounts (admin): GET lists, `/:orgNumber/people` links (POST) and unlinks (DELETE /:email). */
export const adminCompaniesPath = '/api/admin/companies';

/** A company account as staff see it. */
export interface AdminCompany {
  orgNumber: string;
  createdAt: string;
  people: { email: string; addedBy: 'first_order' | 'member' | 'staff'; verified: boolean }[];
}

/** Invitations one member may send in an hour (each is also a link to the invitee's address). */
export const COMPANY_INVITES_PER_MEMBER_PER_HOUR = 20;

/**
 * An order seen from a signed-in member's company: the company's already, placed with the
 * company's number by someone else (a member may claim it), or nothing of the company's.
 */
export type CompanyClaimState = 'claimable' | 'company' | 'none';

/** What a member may claim for the company from its page: an order or a quote (decision 0078). */
export type CompanyClaimKind = 'order' | 'quote';

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
  /** The address it was placed with (lower case): the reader's own, or a colleague's. */
  placedBy: string;
}

export interface AccountQuote {
  quoteNumber: string;
  createdAt: string;
  status: string;
  quotePage: string;
  /** The address it was made for (lower case): the reader's own, or a colleague's. */
  placedBy: string;
}

/** The reader's company account: its verified members, and the people invited who have not signed in yet. */
export interface AccountCompany {
  orgNumber: string;
  name: string;
  members: string[];
  invited: string[];
}

/**
 * GET /api/account. `company` is absent when the address is no company's member; with it, the
 * orders and quotes are the address's own and the company's.
 */
export interface AccountView {
  email: string;
  company?: AccountCompany;
  orders: AccountOrder[];
  quotes: AccountQuote[];
  /** When the address asked for erasure not yet carried out (ISO); absent otherwise. */
  erasureRequestedAt?: string;
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

/**
 * The checkout form's fields from an earlier order ('' where it had none): the purchase order
 * number is each order's own, so it is left out; the country as the order stored it.
 */
export type ReorderCustomer = Omit<CustomerFormValues, 'purchaseOrderNumber' | 'country'> & {
  country: string;
};

/**
 * GET /api/account/checkout: signed out, only `{ signedIn: false }` (the cart asks on every visit,
 * so no 401 for the browser to log); signed in, the buyer's details of their own last order (absent
 * before the first) and their saved delivery addresses (decision 0076).
 */
export type CheckoutPrefill =
  | { signedIn: false }
  | { signedIn: true; email: string; customer?: ReorderCustomer; addresses: SavedAddress[] };

/** One line as POST /api/orders takes it (src/shared/checkout-schema.ts orderLineSchema). */
export interface ReorderLine extends LineChoices {
  printFile?: string;
}

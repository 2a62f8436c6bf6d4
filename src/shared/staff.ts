import type { OrderStatus } from './order-status';

/**
 * Staff roles (issue 30). The server enforces them (src/server/staff/route-roles.ts, one table of
 * every admin route); the admin pages read the same sets to show only what a role may do.
 */
export const staffRoles = ['owner', 'production', 'bookkeeping'] as const;
export type StaffRole = (typeof staffRoles)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (staffRoles as readonly string[]).includes(value);
}

/** Who may do what, by area: each admin route is given one of these (or another list of roles). */
export const roleSets = {
  /** Everyone logged in: the order list and detail, their own session and PIN. */
  everyone: ['owner', 'production', 'bookkeeping'],
  /** Jobs: status steps of production, proofs, print files, job tickets, the board, blanks. */
  production: ['owner', 'production'],
  /** Money: payments, credit notes, reminders, bank files, invoices, SIE and CSV exports. */
  money: ['owner', 'bookkeeping'],
  /** The audit view: the owner and the bookkeeper (an auditor's questions go through them). */
  audit: ['owner', 'bookkeeping'],
  /** Staff, settings, the catalogue and partner applications. */
  owner: ['owner'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type RoleSet = keyof typeof roleSets;

export function roleMay(role: StaffRole, set: RoleSet): boolean {
  return (roleSets[set] as readonly StaffRole[]).includes(role);
}

/**
 * Who may take each job step: production and shipping are the printer's. Cancelling stops a job
 * and, once the order is invoiced, issues a credit note: the owner and the printer cancel an order
 * with nothing to credit, the owner and the bookkeeper one whose cancellation issues a credit note
 * (issue 38: money stays in money hands). The route checks that in the order's transaction; this
 * table says the first case. Money is not a step: payments are the money roles' (POST …/payments).
 */
export const statusStepRoles: Record<OrderStatus, RoleSet> = {
  pending: 'owner',
  in_production: 'production',
  shipped: 'production',
  cancelled: 'production',
};

/** Personal PINs follow ADMIN_PIN's length rule (ADMIN_PIN_MIN_LENGTH..ADMIN_PIN_MAX_LENGTH in terms.ts). */
export const STAFF_NAME_MAX_LENGTH = 100;
export const STAFF_EMAIL_MAX_LENGTH = 254;

/** A staff member as the admin API answers it. */
export interface StaffMember {
  id: number;
  name: string;
  email: string | null;
  role: StaffRole;
  createdAt: string;
}

/** Who is logged in: GET /api/admin/session. */
export interface AdminSessionAnswer {
  ok: true;
  staff: { id: number; name: string; role: StaffRole };
}

/** Kinds of recorded actions; the audit view filters by them. */
export const auditActions = [
  'login',
  'login_failed',
  'logout',
  'order_status',
  'order_attention',
  'order_attention_cleared',
  'payment',
  'credit_note',
  'reminder',
  'proof',
  'print_file_download',
  'export',
  'catalogue',
  'staff_add',
  'staff_change',
  'staff_pin_reset',
  'staff_remove',
  'own_pin_change',
  'own_pin_refused',
  /** A quote created, changed or sent by staff (a negotiated price with its reason). */
  'quote',
  /** An order entered by staff (a negotiated price with its reason; issue 41). */
  'order_create',
  /** An order's lines changed by staff before production, with the documents that settled it. */
  'order_lines',
  /** A staff note added to a customer of the register (issue 43). */
  'customer_note',
  /** A buyer's request to erase their personal data carried out (issue 43). */
  'privacy_erasure',
  /** Staff linked or unlinked a person of a company account (issue 43). */
  'company_people',
] as const;
export type AuditAction = (typeof auditActions)[number];

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === 'string' && (auditActions as readonly string[]).includes(value);
}

/** Actions about money: the order history leaves them out for a role without money. */
export const moneyAuditActions: readonly AuditAction[] = ['payment', 'credit_note', 'reminder', 'export'];

/** One recorded action, newest first in GET /api/admin/audit. */
export interface AuditEvent {
  id: string;
  at: string;
  /** The person's name (null: nobody logged in, e.g. a wrong PIN). */
  staff: string | null;
  staffId: number | null;
  action: AuditAction;
  target: string;
  orderNumber: string | null;
  before: unknown;
  after: unknown;
}

export interface AuditPage {
  events: AuditEvent[];
  nextCursor: string | null;
}

export const adminStaffPaths = {
  list: '/api/admin/staff',
  one: (id: number) => `/api/admin/staff/${id}`,
  resetPin: (id: number) => `/api/admin/staff/${id}/pin`,
  ownPin: '/api/admin/me/pin',
  audit: '/api/admin/audit',
  auditCsv: '/api/admin/audit.csv',
  orderHistory: (orderNumber: string) => `/api/admin/orders/${encodeURIComponent(orderNumber)}/history`,
} as const;

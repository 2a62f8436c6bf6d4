import { invoiceCurrencies, type InvoiceCurrency } from '@/shared/invoicing/invoice-currency';
import { readSessionJson, writeSessionJson } from '@/client/lib/storage';

/** The checkout form as typed, kept in this tab's sessionStorage until the order is placed. */
const draftKey = 'checkout-draft';

/**
 * Reads the draft back trusting nothing: only the form's own fields, each with the type of its
 * default and within `allowed` where a field has a fixed set of values.
 */
export function readCheckoutDraft<T extends object>(
  defaults: T,
  allowed: Partial<Record<keyof T, readonly string[]>> = {},
): Partial<T> {
  const stored = readSessionJson(draftKey);
  if (typeof stored !== 'object' || stored === null) return {};
  const draft: Partial<T> = {};
  for (const key of Object.keys(defaults) as (keyof T & string)[]) {
    const value: unknown = (stored as Record<string, unknown>)[key];
    if (typeof value !== typeof defaults[key]) continue;
    if (typeof value === 'string' && (value.length > 1000 || (allowed[key] && !allowed[key].includes(value))))
      continue;
    draft[key] = value as T[typeof key];
  }
  return draft;
}

export function writeCheckoutDraft(values: object): void {
  writeSessionJson(draftKey, values);
}

/** What the cart asks beside the form: the day it is needed by and the invoice currency ticked. */
const extrasKey = 'checkout-extras';

export interface CheckoutExtras {
  neededBy: string;
  invoiceCurrency: InvoiceCurrency | undefined;
}

/** Read back trusting nothing: a date of the form's shape and a currency the shop invoices in. */
export function readCheckoutExtras(): CheckoutExtras {
  const stored = readSessionJson(extrasKey);
  const fields = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const { neededBy, invoiceCurrency } = fields;
  return {
    neededBy: typeof neededBy === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(neededBy) ? neededBy : '',
    invoiceCurrency: invoiceCurrencies.find((code) => code === invoiceCurrency),
  };
}

export function writeCheckoutExtras(extras: CheckoutExtras): void {
  writeSessionJson(extrasKey, extras);
}

/** After ordering: the next order starts from an empty form. */
export function clearCheckoutDraft(): void {
  writeSessionJson(draftKey, undefined);
  writeSessionJson(extrasKey, undefined);
}

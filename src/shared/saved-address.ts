import type { CountryCode } from './countries';

/**
 * A signed-in buyer's saved delivery addresses (issue 43, docs/accounts.md): shaped as the checkout
 * form's delivery address is (a country and the address as lines of text, checked as checkout
 * checks it), with a label the buyer picks it by.
 */

/** How many addresses one account may keep: a company's offices and warehouses, not a mailing list. */
export const MAX_SAVED_ADDRESSES = 20;
/** As the table's CHECKs (migrations 6000 and 6650) and the checkout's address field. */
export const MAX_ADDRESS_LABEL = 60;
export const MAX_SAVED_ADDRESS = 300;

export interface SavedAddress {
  id: number;
  label: string;
  country: CountryCode;
  address: string;
  /** ISO timestamp. */
  savedAt: string;
}

/** The same address, as a saved one and the checkout form compare them (spacing aside). */
export function sameAddress(
  a: { country: string; address: string },
  b: { country: string; address: string },
): boolean {
  const squeeze = (text: string) =>
    text
      .split('\n')
      .map((line) => line.trim().replace(/\s+/g, ' '))
      .filter((line) => line !== '')
      .join('\n')
      .toLowerCase();
  return a.country === b.country && squeeze(a.address) === squeeze(b.address);
}

/** A label for an address saved from the checkout: its first line, cut to the label's length. */
export function labelFromAddress(address: string): string {
  const first = address.split('\n').find((line) => line.trim() !== '') ?? address;
  return Array.from(first.trim()).slice(0, MAX_ADDRESS_LABEL).join('');
}

import { z } from 'zod';
import { countryCodes, type CountryCode } from './countries';
import { addressMessages } from './i18n/messages/account-addresses';
import { MAX_ADDRESS_LINES, strangerTextProblem } from './stranger-text';
import { textField } from './text';

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

const en = addressMessages.en;
// Never markup: a label is a name, and an address is lines of a postal address.
const noMarkup = (text: string) => !text.includes('<') && !text.includes('>');

/**
 * The body of POST and PUT /api/account/addresses(/:id), and the account page's form. Worded in
 * English; the server answers the reader's language by the English text (`schemaMessages`), the
 * page by `addressMessageIn`.
 */
export const savedAddressInput = z
  .object({
    label: textField({
      required: en.labelRequired,
      min: [1, en.labelRequired],
      max: [MAX_ADDRESS_LABEL, en.labelTooLong],
    })
      .refine(noMarkup, en.noMarkup)
      .refine((label) => strangerTextProblem(label) === undefined, en.noLinks),
    country: z.enum(countryCodes, { error: en.countryRequired }),
    address: textField({
      multiline: true,
      required: en.addressRequired,
      min: [1, en.addressRequired],
      max: [MAX_SAVED_ADDRESS, en.addressTooLong],
    })
      .refine(noMarkup, en.noMarkup)
      .superRefine((address, ctx) => {
        // The checkout refuses the same in its address (checkout-schema.ts): a saved address is
        // one the order will take.
        const problem = strangerTextProblem(address, { maxLines: MAX_ADDRESS_LINES });
        if (problem)
          ctx.addIssue({ code: 'custom', message: problem === 'link' ? en.noLinks : en.addressTooManyLines });
      }),
  })
  .strict();
export type SavedAddressInput = z.output<typeof savedAddressInput>;

const keyByEnglish = new Map<string, keyof typeof en>(
  Object.entries(en).flatMap(([key, text]) =>
    typeof text === 'string' ? [[text, key as keyof typeof en]] : [],
  ),
);

/** One of the schema's (English) refusals in the reader's language; another message as it is. */
export function addressMessageIn(locale: 'sv' | 'en', message: string): string {
  const key = keyByEnglish.get(message);
  const text = key ? addressMessages[locale][key] : undefined;
  return typeof text === 'string' ? text : message;
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

import { z } from 'zod';
import { countryCodes } from './countries';
import { addressMessages } from './i18n/messages/account-addresses';
import { MAX_ADDRESS_LABEL, MAX_SAVED_ADDRESS } from './saved-address';
import { MAX_ADDRESS_LINES, strangerTextProblem } from './stranger-text';
import { textField } from './text';

/** The checks of a saved delivery address (src/shared/saved-address.ts), for the page and the routes. */

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

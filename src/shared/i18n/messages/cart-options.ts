import { defineMessages } from '@/shared/i18n/define';
import { formatCount } from '@/shared/money-format';

/** The cart's words for choices and one design across colours (product-options.ts, pricing.ts). */
export const cartOptionMessages = defineMessages(
  {
    checkoutBlocked: 'Gör alla val för raderna innan du beställer',
    needsChoices: 'Välj',
    notes: 'Anteckning',
    printFile: 'Tryckfil',
    combinedTier: (p: { total: number; colours: number }) =>
      `Samma design i ${p.colours} färger: priset följer nivån för ${formatCount(p.total)} st tillsammans`,
  },
  {
    checkoutBlocked: 'Make every choice for the lines before ordering',
    needsChoices: 'Choose',
    notes: 'Note',
    printFile: 'Print file',
    combinedTier: (p: { total: number; colours: number }) =>
      `Same design in ${p.colours} colours: priced at the tier of ${formatCount(p.total)} pcs together`,
  },
);

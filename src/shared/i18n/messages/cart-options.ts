import { defineMessages } from '@/shared/i18n/define';
import { formatCount } from '@/shared/money-format';

/** The cart's words for choices and one design across colours (product-options.ts, pricing.ts). */
export const cartOptionMessages = defineMessages({
  sv: {
    checkoutBlocked: 'Gör alla val för raderna innan du beställer',
    unavailable: (p: { name: string }) =>
      `${p.name} kan inte längre beställas. Raden ingår inte i beställningen.`,
    removeUnavailable: (p: { name: string }) => `Ta bort ${p.name}`,
    needsChoices: 'Välj',
    notes: 'Anteckning',
    printFile: 'Tryckfil',
    combinedTier: (p: { total: number; colours: number }) =>
      `Samma design i ${p.colours} färger: priset följer nivån för ${formatCount(p.total)} st tillsammans`,
  },
  en: {
    checkoutBlocked: 'Make every choice for the lines before ordering',
    unavailable: (p: { name: string }) =>
      `${p.name} can no longer be ordered. The line is not part of the order.`,
    removeUnavailable: (p: { name: string }) => `Remove ${p.name}`,
    needsChoices: 'Choose',
    notes: 'Note',
    printFile: 'Print file',
    combinedTier: (p: { total: number; colours: number }) =>
      `Same design in ${p.colours} colours: priced at the tier of ${formatCount(p.total)} pcs together`,
  },
});

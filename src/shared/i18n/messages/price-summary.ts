import { quantityUnit } from '@/shared/terms';
import { defineMessages } from '@/shared/i18n/define';

/** The price summary of a product page: quantity, unit price, total and the next tier's offer. */
export const priceSummaryMessages = defineMessages({
  sv: {
    quantity: 'Antal',
    pieces: (p: { n: string }) => `${p.n} ${quantityUnit.sv}`,
    unitPrice: 'Styckpris',
    total: 'Totalt',
    nextTier: (p: { more: string; n: string; price: string; total: string }) =>
      `Beställ ${p.more} till (${p.n} ${quantityUnit.sv}) så betalar du ${p.price} per styck, ${p.total} totalt.`,
  },
  en: {
    quantity: 'Quantity',
    pieces: (p: { n: string }) => `${p.n} ${quantityUnit.en}`,
    unitPrice: 'Per unit',
    total: 'Total',
    nextTier: (p: { more: string; n: string; price: string; total: string }) =>
      `Order ${p.more} more (${p.n} ${quantityUnit.en}) and pay ${p.price} per piece, ${p.total} in total.`,
  },
});

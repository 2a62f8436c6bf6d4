import { PAYMENT_DAYS, quantityUnit, VAT_RATE_PERCENT } from '@/shared/terms';
import { defineMessages, plural } from '@/shared/i18n/define';
import type { Locale } from '@/shared/i18n/locale';
import { formatCount } from '@/shared/money-format';
import type { QuantityProblem } from '@/shared/pricing';

/** The products list, product pages and tier products (SPEC §2, §8 English strings verbatim). */
export const productMessages = defineMessages({
  sv: {
    title: 'Produkter',
    intro:
      'Varje produkt trycks med din design. Priserna är inklusive moms och sjunker ju fler du beställer.',
    filterLabel: 'Filtrera på kategori',
    allProducts: 'Alla produkter',
    empty: 'Inga produkter i den här kategorin än. Kommer snart!',
    from: 'Från',
    perUnit: (p: { currency: string }) => `${p.currency}/${quantityUnit.sv}`,
    minimum: (p: { n: string }) => `Minst ${p.n} ${quantityUnit.sv}`,
    atMinimum: (p: { n: string }) => `vid minsta antalet, ${p.n} ${quantityUnit.sv}`,
    downTo: (p: { price: string; n: string }) => `Ner till ${p.price} från ${p.n} ${quantityUnit.sv}`,
    breadcrumb: 'Brödsmulor',
    loading: 'Laddar...',
    chooseQuantity: 'Välj antal',
    save: (p: { percent: number }) => `Spara ${p.percent} %`,
    quantityTier: 'Prisnivå för antal',
    pcs: (p: { n: string }) => `${p.n} ${quantityUnit.sv}`,
    quantity: 'Antal',
    unitPrice: 'Styckpris',
    total: 'Totalt',
    addToCart: (p: { n: string }) => `Lägg ${p.n} ${quantityUnit.sv} i varukorgen`,
    terms: `Priserna inkluderar ${VAT_RATE_PERCENT} % moms · Betala mot faktura, ${PAYMENT_DAYS} dagar netto`,
    allTiers: 'Alla prisnivåer',
    added: (p: { n: string; productId: string }) =>
      `${p.n} ${quantityUnit.sv} ${toastNounSv[p.productId] ?? 'produkter'} har lagts i varukorgen`,
    minimumOrder: (p: { n: string }) => `Minsta beställning är ${p.n} ${quantityUnit.sv}`,
    maximumOrder: (p: { n: string }) => `Största beställning är ${p.n} ${quantityUnit.sv}`,
    soldInMultiples: (p: { n: string }) => `Säljs bara i antal jämnt delbara med ${p.n} ${quantityUnit.sv}`,
    items: (p: { n: number }) => plural('sv', p.n, { one: '# produkt', other: '# produkter' }),
  },
  en: {
    title: 'Products',
    intro: 'Every product is printed with your design. Prices include VAT and drop as your quantity grows.',
    filterLabel: 'Filter by category',
    allProducts: 'All Products',
    empty: 'No products in this category yet. Coming soon!',
    from: 'From',
    perUnit: (p: { currency: string }) => `${p.currency}/${quantityUnit.en}`,
    minimum: (p: { n: string }) => `Minimum ${p.n} ${quantityUnit.en}`,
    atMinimum: (p: { n: string }) => `at the minimum of ${p.n} ${quantityUnit.en}`,
    downTo: (p: { price: string; n: string }) => `Down to ${p.price} from ${p.n} ${quantityUnit.en}`,
    breadcrumb: 'Breadcrumb',
    loading: 'Loading…',
    chooseQuantity: 'Choose quantity',
    save: (p: { percent: number }) => `Save ${p.percent}%`,
    quantityTier: 'Quantity tier',
    pcs: (p: { n: string }) => `${p.n} ${quantityUnit.en}`,
    quantity: 'Quantity',
    unitPrice: 'Per unit',
    total: 'Total',
    addToCart: (p: { n: string }) => `Add ${p.n} ${quantityUnit.en} to cart`,
    terms: `Prices include ${VAT_RATE_PERCENT} % VAT · Pay by invoice, ${PAYMENT_DAYS} days net`,
    allTiers: 'All price tiers',
    added: (p: { n: string; productId: string }) =>
      `Added ${p.n} ${quantityUnit.en} ${toastNounEn[p.productId] ?? 'items'} to cart`,
    minimumOrder: (p: { n: string }) => `Minimum order is ${p.n} ${quantityUnit.en}`,
    maximumOrder: (p: { n: string }) => `Maximum order is ${p.n} ${quantityUnit.en}`,
    soldInMultiples: (p: { n: string }) => `Sold only in multiples of ${p.n} ${quantityUnit.en}`,
    items: (p: { n: number }) => plural('en', p.n, { one: '# product', other: '# products' }),
  },
});

/** The noun in the 'Added {n} pcs {noun} to cart' toast (SPEC §8), by product id. */
const toastNounEn: Readonly<Record<string, string>> = {
  kuponghäfte: 'coupon booklets',
  klistermärken: 'stickers',
  tejp: 'tape',
  'halsduk-silke': 'scarves',
  'halsduk-stickad': 'scarves',
  'tshirt-polyester': 't-shirts',
  tracktop: 'track tops',
  zip: 'zip sweaters',
  'urvattad-keps': 'caps',
  'keps-med-nat': 'caps',
  fiskehatt: 'bucket hats',
  becknarväska: 'fanny packs',
};
const toastNounSv: Readonly<Record<string, string>> = {
  kuponghäfte: 'kuponghäften',
  klistermärken: 'klistermärken',
  tejp: 'tejp',
  'halsduk-silke': 'halsdukar',
  'halsduk-stickad': 'halsdukar',
  'tshirt-polyester': 't-shirts',
  tracktop: 'track tops',
  zip: 'zip-tröjor',
  'urvattad-keps': 'kepsar',
  'keps-med-nat': 'kepsar',
  fiskehatt: 'fiskehattar',
  becknarväska: 'midjeväskor',
};

/** A refused quantity in the buyer's words (SPEC §5: 'Minimum order is {n} pcs'). */
export function quantityProblemText(locale: Locale, problem: QuantityProblem): string {
  const t = productMessages[locale];
  const n = formatCount(problem.n);
  if (problem.kind === 'minimum') return t.minimumOrder({ n });
  if (problem.kind === 'maximum') return t.maximumOrder({ n });
  return t.soldInMultiples({ n });
}

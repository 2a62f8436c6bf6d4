import { PAYMENT_DAYS } from '@/shared/terms';
import { shopName } from '@/shared/shop';
import { defineMessages } from '@/shared/i18n/define';

export const homeMessages = defineMessages({
  sv: {
    title: `${shopName} – profilkläder och tryck i stora upplagor`,
    description:
      'Tryckta t-shirts, hoodies, kepsar, klistermärken och kuponghäften i stora upplagor till mängdpris. Betala mot faktura.',
    eyebrow: 'Tryck för företag, lag och event',
    heading: 'Storköp till bästa pris',
    intro:
      'T-shirts, hoodies, kepsar, klistermärken, kuponghäften och mycket mer – tryckt med din design, prissatt efter antal och betalt mot faktura.',
    browseProducts: 'Se produkterna',
    becomePartner: 'Bli partner',
    statProducts: 'Produkter',
    statSatisfaction: 'Nöjdhet',
    partners: 'Våra Partners',
    whyTitle: 'Därför beställer du hos oss',
    bulkPricesTitle: 'Mängdpriser',
    bulkPricesText:
      'Ju mer du beställer, desto mindre betalar du per styck – tydliga prisnivåer på varje produkt.',
    fastDeliveryTitle: 'Snabb leverans',
    fastDeliveryText: 'Tryckt och skickat snabbt i hela Sverige och Europa, klart till ditt event.',
    easyPaymentTitle: 'Enkel betalning',
    easyPaymentText: `Betala med banköverföring efter att du har beställt. Du får en faktura med ${PAYMENT_DAYS} dagars betalningsvillkor.`,
    ctaTitle: 'Redo att beställa till ditt lag eller event?',
    ctaText:
      'Välj produkter och antal så ser du mängdpriset direkt. Du betalar mot faktura efter beställningen.',
    ctaButton: 'Se alla produkter',
  },
  en: {
    title: `${shopName} — custom merch in bulk`,
    description:
      'Custom-printed t-shirts, hoodies, caps, stickers and coupon booklets in bulk at bulk prices. Pay by invoice.',
    eyebrow: 'Custom printing for companies, teams and events',
    heading: 'Bulk products at the best price',
    intro:
      'T-shirts, hoodies, caps, stickers, coupon booklets and more — printed with your design, priced by quantity and paid by invoice.',
    browseProducts: 'Browse Products',
    becomePartner: 'Become a Partner',
    statProducts: 'Products',
    statSatisfaction: 'Satisfaction',
    partners: 'Våra Partners',
    whyTitle: 'Why order from us',
    bulkPricesTitle: 'Bulk Prices',
    bulkPricesText: 'The more you order, the less you pay per piece — clear quantity tiers on every product.',
    fastDeliveryTitle: 'Fast Delivery',
    fastDeliveryText: 'Printed and shipped quickly across Sweden and Europe, ready for your event.',
    easyPaymentTitle: 'Easy Payment',
    easyPaymentText: `Pay via bank transfer after placing the order. You receive an invoice with ${PAYMENT_DAYS} days net.`,
    ctaTitle: 'Ready to order for your team or event?',
    ctaText:
      'Pick your products, choose a quantity and get the bulk price straight away. You pay by invoice after ordering.',
    ctaButton: 'View all products',
  },
});

import { defineMessages } from '@/shared/i18n/define';

export const searchMessages = defineMessages({
  sv: {
    title: 'Sök produkter',
    label: 'Sök efter en produkt',
    placeholder: 'T-shirt, kepsar, klistermärken …',
    noMatch: (p: { query: string }) => `Inga produkter matchar ”${p.query}”.`,
  },
  en: {
    title: 'Search products',
    label: 'Search for a product',
    placeholder: 'T-shirt, caps, stickers…',
    noMatch: (p: { query: string }) => `No products match “${p.query}”.`,
  },
});

import { shopName } from '@/shared/shop';
import { defineMessages } from '@/shared/i18n/define';

/** `<title>` and meta description of each page (product pages use the product's own text). */
export const pageTitleMessages = defineMessages({
  sv: {
    howItWorks: `Så fungerar det – ${shopName}`,
    howItWorksDescription:
      'Så beställer du tryckta profilprodukter i fem steg: varukorg, kassa, faktura med ordernummer, tryckfiler och korrektur.',
    products: `Produkter – ${shopName}`,
    productsDescription:
      'Alla produkter: tryckprodukter, kläder och accessoarer med ditt tryck, till mängdpris inklusive moms.',
    category: (p: { category: string }) => `${p.category} – ${shopName}`,
    categoryDescription: (p: { category: string }) =>
      `${p.category} med ditt eget tryck till mängdpris. Priserna är inklusive moms och sjunker ju fler du beställer.`,
    product: (p: { name: string }) => `${p.name} – ${shopName}`,
    productDescription: (p: { description: string; from: string; minimum: string }) =>
      `${p.description} Från ${p.from} kr/st, minst ${p.minimum} st.`,
    partner: `Bli partner – ${shopName}`,
    terms: `Köpvillkor – ${shopName}`,
    termsDescription: `Villkoren för köp hos ${shopName}: priser, betalning, tryckfiler, leverans och reklamation.`,
    privacy: `Integritetspolicy – ${shopName}`,
    privacyDescription: `Vilka uppgifter ${shopName} sparar, varför, hur länge, och vad webbläsaren lagrar.`,
    partnerDescription: `Ansök om att bli återförsäljare av ${shopName}s tryckta profilprodukter.`,
    cart: `Varukorg – ${shopName}`,
    confirmation: `Orderbekräftelse – ${shopName}`,
    order: `Din beställning – ${shopName}`,
    orderLookup: `Hitta din beställning – ${shopName}`,
    account: `Mitt konto – ${shopName}`,
    adminLogin: `Admin – logga in – ${shopName}`,
    admin: `Admin – ${shopName}`,
  },
  en: {
    howItWorks: `How It Works — ${shopName}`,
    howItWorksDescription:
      'How to order custom-printed merchandise in five steps: cart, checkout, an invoice with an order number, print files and a proof.',
    products: `Products — ${shopName}`,
    productsDescription:
      'All products: print products, clothing and accessories with your print, at bulk prices including VAT.',
    category: (p: { category: string }) => `${p.category} — ${shopName}`,
    categoryDescription: (p: { category: string }) =>
      `${p.category} with your own print at bulk prices. Prices include VAT and drop as your quantity grows.`,
    product: (p: { name: string }) => `${p.name} — ${shopName}`,
    productDescription: (p: { description: string; from: string; minimum: string }) =>
      `${p.description} From ${p.from} kr/pcs, minimum ${p.minimum} pcs.`,
    partner: `Become a Partner — ${shopName}`,
    terms: `Terms of purchase — ${shopName}`,
    termsDescription: `The terms of buying from ${shopName}: prices, payment, print files, delivery and complaints.`,
    privacy: `Privacy policy — ${shopName}`,
    privacyDescription: `What ${shopName} stores, why, for how long, and what your browser keeps.`,
    partnerDescription: `Apply to become a reseller of ${shopName}'s custom-printed merchandise.`,
    cart: `Cart — ${shopName}`,
    confirmation: `Order confirmation — ${shopName}`,
    order: `Your order — ${shopName}`,
    orderLookup: `Find your order — ${shopName}`,
    account: `My account — ${shopName}`,
    adminLogin: `Admin login — ${shopName}`,
    admin: `Admin — ${shopName}`,
  },
});

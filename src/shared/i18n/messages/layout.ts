import { shopName } from '@/shared/shop';
import { PAYMENT_DAYS, VAT_RATE_PERCENT } from '@/shared/terms';
import { defineMessages, plural } from '@/shared/i18n/define';

/** Header, mobile menu, footer, the language switch: on every page. */
export const layoutMessages = defineMessages({
  sv: {
    skipToContent: 'Hoppa till innehållet',
    homeLink: `${shopName}, startsidan`,
    mainNav: 'Huvudmeny',
    home: 'Hem',
    products: 'Produkter',
    allProducts: 'Alla produkter',
    howItWorks: 'Så fungerar det',
    becomePartner: 'Bli partner',
    terms: 'Köpvillkor',
    privacy: 'Integritet och kakor',
    currency: 'Valuta',
    searchProducts: 'Sök produkter',
    cart: 'Varukorg',
    cartWithItems: (p: { count: number }) =>
      plural('sv', p.count, { one: 'Varukorg, # artikel', other: 'Varukorg, # artiklar' }),
    openMenu: 'Öppna menyn',
    closeMenu: 'Stäng menyn',
    menu: 'Meny',
    mobileNav: 'Mobilmeny',
    switchLanguage: 'Språk',
    categoriesNav: 'Kategorier',
    contact: 'Kontakt',
    otherLinks: 'Övriga länkar',
    seller: (p: { name: string; orgNumber: string; vatNumber: string; fTax: boolean }) =>
      `${p.name} · Org.nr ${p.orgNumber} · Momsreg.nr ${p.vatNumber}${p.fTax ? ' · Godkänd för F-skatt' : ''}`,
    admin: 'Admin',
    findOrder: 'Hitta din beställning',
    myAccount: 'Mitt konto',
    tagline:
      'Specialtryckta profilprodukter i stora upplagor för event, lag och varumärken – till mängdpris.',
    copyright: (p: { year: number; seller: string }) =>
      `© ${p.year} ${p.seller}. Alla priser inkl. ${VAT_RATE_PERCENT} % moms. Betalning mot faktura, ${PAYMENT_DAYS} dagar netto.`,
    tryckprodukter: 'Tryckprodukter',
    kläder: 'Kläder',
    accessoarer: 'Accessoarer',
  },
  en: {
    skipToContent: 'Skip to content',
    homeLink: `${shopName} home`,
    mainNav: 'Main',
    home: 'Home',
    products: 'Products',
    allProducts: 'All Products',
    howItWorks: 'How It Works',
    becomePartner: 'Become a Partner',
    terms: 'Terms of purchase',
    privacy: 'Privacy and cookies',
    currency: 'Currency',
    searchProducts: 'Search products',
    cart: 'Cart',
    cartWithItems: (p: { count: number }) =>
      plural('en', p.count, { one: 'Cart, # item', other: 'Cart, # items' }),
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    menu: 'Menu',
    mobileNav: 'Mobile',
    switchLanguage: 'Language',
    categoriesNav: 'Categories',
    contact: 'Contact',
    otherLinks: 'Other links',
    seller: (p: { name: string; orgNumber: string; vatNumber: string; fTax: boolean }) =>
      `${p.name} · Company reg. no. ${p.orgNumber} · VAT no. ${p.vatNumber}${p.fTax ? ' · Approved for F-tax' : ''}`,
    admin: 'Admin',
    findOrder: 'Find your order',
    myAccount: 'My account',
    tagline: 'Custom-printed merchandise in bulk for events, teams and brands — at bulk prices.',
    copyright: (p: { year: number; seller: string }) =>
      `© ${p.year} ${p.seller}. All prices include ${VAT_RATE_PERCENT} % VAT. Payment by invoice, ${PAYMENT_DAYS} days net.`,
    tryckprodukter: 'Print Products',
    kläder: 'Clothing',
    accessoarer: 'Accessories',
  },
});

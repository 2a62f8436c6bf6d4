import type { CategoryId } from '@/shared/catalogue';
import type { layoutMessages } from '@/shared/i18n/messages/layout';

type LayoutText = (typeof layoutMessages)['en'];
/** A key of the layout catalogue whose message is plain text. */
type LabelKey = { [K in keyof LayoutText]: LayoutText[K] extends string ? K : never }[keyof LayoutText];

/** The site's navigation, once: header, mobile menu and footer all list these (labels are catalogue keys). */
export interface NavLink {
  href: string;
  label: LabelKey;
}

export const homeLink: NavLink = { href: '/', label: 'home' };
export const allProductsLink: NavLink = { href: '/products', label: 'allProducts' };
export const howItWorksLink: NavLink = { href: '/how-it-works', label: 'howItWorks' };
export const partnerLink: NavLink = { href: '/partner', label: 'becomePartner' };
/** The footer's way to the same form, at the address SPEC gives it. */
export const partnerApplicationLink: NavLink = { href: '/partner-application', label: 'becomePartner' };
export const cartLink: NavLink = { href: '/cart', label: 'cart' };
export const termsLink: NavLink = { href: '/terms', label: 'terms' };
export const privacyLink: NavLink = { href: '/privacy', label: 'privacy' };
export const adminLink: NavLink = { href: '/admin-login', label: 'admin' };
/** The order lookup (orderLookupPath): links to your orders by email. */
export const orderLookupLink: NavLink = { href: '/orders', label: 'findOrder' };

/** The buyer's account (src/shared/account.ts): signed in by an emailed link. */
export const accountLink: NavLink = { href: '/account', label: 'myAccount' };

export function categoryHref(id: CategoryId): string {
  return `/products?category=${encodeURIComponent(id)}`;
}

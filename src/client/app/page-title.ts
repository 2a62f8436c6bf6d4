import { isCategoryId } from '@/shared/catalogue';
import { translate } from '@/shared/i18n/define';
import type { Locale } from '@/shared/i18n/locale';
import { homeMessages } from '@/shared/i18n/messages/home';
import { layoutMessages } from '@/shared/i18n/messages/layout';
import { notFoundMessages } from '@/shared/i18n/messages/not-found';
import { pageTitleMessages } from '@/shared/i18n/messages/page-titles';
import { productName } from '@/shared/i18n/messages/product-names';
import { orderPagePattern } from '@/shared/order-page';
import { isKnownPage } from '@/shared/routes';
import { productFromPath } from './page-path';
import { trimTrailing } from '@/shared/trim-trailing';

/**
 * Every page's `<title>`, from one place: the server writes it into the HTML head, the browser
 * keeps `document.title` in step on navigation and language switches (see `DocumentTitle`).
 */
export function pageTitle(pathname: string, search: string, locale: Locale): string {
  const path = pathname.length > 1 ? trimTrailing(pathname, '/') : pathname;
  const titles = translate(pageTitleMessages, locale);
  if (!isKnownPage(path)) return translate(notFoundMessages, locale).title;
  const product = productFromPath(path);
  if (product) return titles.product({ name: productName(locale, product) });
  if (orderPagePattern.test(path)) return titles.order;
  switch (path) {
    case '/how-it-works':
      return titles.howItWorks;
    case '/products': {
      const category = new URLSearchParams(search).get('category');
      return isCategoryId(category)
        ? titles.category({ category: translate(layoutMessages, locale)[category] })
        : titles.products;
    }
    case '/partner':
    case '/partner-application':
      return titles.partner;
    case '/terms':
      return titles.terms;
    case '/privacy':
      return titles.privacy;
    case '/cart':
      return titles.cart;
    case '/confirmation':
      return titles.confirmation;
    case '/orders':
      return titles.orderLookup;
    case '/account':
      return titles.account;
    case '/admin-login':
      return titles.adminLogin;
    case '/admin':
      return titles.admin;
    default:
      return translate(homeMessages, locale).title;
  }
}

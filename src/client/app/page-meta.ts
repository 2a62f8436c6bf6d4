import type { Product } from '@/shared/catalogue';
import { translate } from '@/shared/i18n/define';
import type { Locale } from '@/shared/i18n/locale';
import { homeMessages } from '@/shared/i18n/messages/home';
import { layoutMessages } from '@/shared/i18n/messages/layout';
import { notFoundMessages } from '@/shared/i18n/messages/not-found';
import { pageTitleMessages } from '@/shared/i18n/messages/page-titles';
import { productDescription } from '@/shared/i18n/messages/product-descriptions';
import { productName } from '@/shared/i18n/messages/product-names';
import { milliToKr } from '@/shared/money';
import { startingPrice } from '@/shared/pricing';
import { isKnownPage } from '@/shared/routes';
import { isCategoryId } from '@/shared/catalogue';
import { productImageUrl } from '@/client/components/product-image';
import { formatAmount, formatCount } from '@/shared/money-format';
import { productFromPath } from './page-path';
import { pageTitle } from './page-title';
import { trimTrailing } from '@/shared/trim-trailing';

/** What a page says about itself to search engines and link previews (server-side only). */
export interface PageMeta {
  title: string;
  description: string;
  /** Path of the preview image (a product drawing). */
  image?: string;
  imageAlt?: string;
  /** Server-rendered, listed in the sitemap, with language alternates. */
  isPublic: boolean;
  product?: Product;
}

export function pageMeta(pathname: string, search: string, locale: Locale): PageMeta {
  const path = pathname.length > 1 ? trimTrailing(pathname, '/') : pathname;
  const title = pageTitle(path, search, locale);
  const titles = translate(pageTitleMessages, locale);
  const home = translate(homeMessages, locale);
  const preview = {
    image: productImageUrl('hoodie'),
    imageAlt: productName(locale, { id: 'hoodie', name: 'Hoodie' }),
  };
  if (!isKnownPage(path)) {
    return { title, description: translate(notFoundMessages, locale).description, isPublic: false };
  }
  const product = productFromPath(path);
  if (product) {
    return {
      title,
      description: titles.productDescription({
        description: productDescription(locale, product),
        from: formatAmount(milliToKr(startingPrice(product))),
        minimum: formatCount(product.minQuantity),
      }),
      image: productImageUrl(product.image),
      imageAlt: productName(locale, product),
      isPublic: true,
      product,
    };
  }
  switch (path) {
    case '/':
      return { title, description: home.description, ...preview, isPublic: true };
    case '/how-it-works':
      return { title, description: titles.howItWorksDescription, ...preview, isPublic: true };
    case '/products': {
      const category = new URLSearchParams(search).get('category');
      const description = isCategoryId(category)
        ? titles.categoryDescription({ category: translate(layoutMessages, locale)[category] })
        : titles.productsDescription;
      return { title, description, ...preview, isPublic: true };
    }
    case '/partner':
    case '/partner-application':
      return { title, description: titles.partnerDescription, ...preview, isPublic: true };
    case '/terms':
      return { title, description: titles.termsDescription, ...preview, isPublic: true };
    case '/privacy':
      return { title, description: titles.privacyDescription, ...preview, isPublic: true };
    default:
      return { title, description: home.description, isPublic: false };
  }
}

import { Suspense } from 'react';
import { Link, useParams } from 'wouter';
import { findProduct } from '@/shared/catalogue';
import { TierProduct } from '@/client/features/catalogue/tier-product';
import { ProductFacts } from '@/client/components/product-facts';
import { layoutMessages } from '@/shared/i18n/messages/layout';
import { productName } from '@/shared/i18n/messages/product-names';
import { productMessages } from '@/shared/i18n/messages/products';
import { useLocale, useT } from '@/client/lib/i18n';
import { lazyPage } from '@/client/lib/lazy-page';
import { productFromPath } from '@/client/app/page-path';
import { PictureMockup } from '@/client/components/picture-mockup-lazy';

// Unknown ids show the 404 page, loaded only then: no route carries another route's code.
const NotFoundPage = lazyPage(() => import('./not-found').then((m) => m.NotFoundPage));
const CustomiserProduct = lazyPage(() =>
  import('@/client/features/customiser/customiser-page').then((m) => m.CustomiserPage),
);

/** Loads what the product page at `pathname` shows beyond this chunk (customiser or 404). */
export function preloadProductPage(pathname: string): Promise<void> {
  const product = productFromPath(pathname);
  if (!product) return NotFoundPage.preload();
  if (product.kind !== 'customiser') return Promise.resolve();
  // A product designed on the owner's own mockup picture loads that component too (nothing else does).
  return Promise.all([
    CustomiserProduct.preload(),
    product.mockupPicture ? PictureMockup.preload() : undefined,
  ]).then(() => undefined);
}

export function ProductPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { locale } = useLocale();
  const t = useT(productMessages);
  const labels = useT(layoutMessages);
  let productId = id;
  try {
    productId = decodeURIComponent(id);
  } catch {
    // Malformed escape: no product has such an id, so it falls through to the 404 page.
  }
  const product = findProduct(productId.normalize('NFC'));
  if (!product) return <NotFoundPage />;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <nav aria-label={t.breadcrumb} className="text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link href="/products" className="hover:text-slate-900 hover:underline">
              {labels.products}
            </Link>
          </li>
          <li aria-hidden>/</li>
          <li>
            <Link
              href={`/products?category=${encodeURIComponent(product.category)}`}
              className="hover:text-slate-900 hover:underline"
            >
              {labels[product.category]}
            </Link>
          </li>
          <li aria-hidden>/</li>
          <li aria-current="page" className="font-medium text-slate-900">
            {productName(locale, product)}
          </li>
        </ol>
      </nav>
      {product.kind === 'tiers' ? (
        <TierProduct product={product} />
      ) : (
        <Suspense
          fallback={
            <p aria-busy="true" className="py-20 text-center text-slate-600">
              {t.loading}
            </p>
          }
        >
          <CustomiserProduct product={product} withoutMockup={<TierProduct product={product} />} />
        </Suspense>
      )}
      <ProductFacts product={product} />
    </main>
  );
}

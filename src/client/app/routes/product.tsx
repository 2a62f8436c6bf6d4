import { lazy, Suspense } from 'react';
import { Link, useParams } from 'wouter';
import { categories, findProduct } from '../../../shared/catalogue';
import { TierProduct } from '../../features/catalogue/tier-product';

// Unknown ids show the 404 page, loaded only then: no route carries another route's code.
const NotFoundPage = lazy(() => import('./not-found').then((m) => ({ default: m.NotFoundPage })));
const CustomiserProduct = lazy(() =>
  import('../../features/customiser/customiser-page').then((m) => ({ default: m.CustomiserPage })),
);

export function ProductPage() {
  const { id = '' } = useParams<{ id: string }>();
  let productId = id;
  try {
    productId = decodeURIComponent(id);
  } catch {
    // Malformed escape: no product has such an id, so it falls through to the 404 page.
  }
  const product = findProduct(productId.normalize('NFC'));
  if (!product) return <NotFoundPage />;
  const category = categories.find((c) => c.id === product.category);
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <title>{`${product.name} — BulkPrint`}</title>
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link href="/products" className="hover:text-slate-900 hover:underline">
              Products
            </Link>
          </li>
          <li aria-hidden>/</li>
          <li>
            <Link href={`/products?category=${encodeURIComponent(product.category)}`} className="hover:text-slate-900 hover:underline">
              {category?.label}
            </Link>
          </li>
          <li aria-hidden>/</li>
          <li aria-current="page" className="font-medium text-slate-900">
            {product.name}
          </li>
        </ol>
      </nav>
      {product.kind === 'tiers' ? (
        <TierProduct product={product} />
      ) : (
        <Suspense fallback={<p aria-busy="true" className="py-20 text-center text-slate-600">Loading…</p>}>
          <CustomiserProduct product={product} />
        </Suspense>
      )}
    </main>
  );
}

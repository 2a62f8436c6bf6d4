import type { Product } from '../../../shared/catalogue';
import { TierProduct } from '../catalogue/tier-product';

/** Placeholder until the customiser lands: the product can be ordered by tier meanwhile. */
export function CustomiserPage({ product }: { product: Product }) {
  return (
    <>
      <p className="mt-6 rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
        The design tool for this product is coming soon. You can order by quantity now and email your print files.
      </p>
      <TierProduct product={product} />
    </>
  );
}

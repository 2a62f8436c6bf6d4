import { lazy, Suspense } from 'react';
import { findProduct } from '@/shared/catalogue';
import { productName } from '@/shared/i18n/messages/product-names';
import type { Customisation } from '@/shared/customisation';
import { ColourName } from '@/client/components/colour-name';
import { ProductImage } from '@/client/components/product-image';
import { useLocale } from '@/client/lib/i18n';

const DesignThumbnail = lazy(() =>
  import('@/client/components/design-thumbnail').then((m) => ({ default: m.DesignThumbnail })),
);

const box = 'size-28 shrink-0 rounded-xl border border-slate-200 bg-slate-50 sm:size-36';

/** The garment the group orders: the design drawn in its colour, the product's name and colour. */
export function GroupDesign({
  line,
}: {
  line: {
    productId: string;
    customisation?: Customisation | undefined;
    options?: Record<string, string> | undefined;
  };
}) {
  const { locale } = useLocale();
  const product = findProduct(line.productId);
  if (!product) return null;
  const name = productName(locale, product);
  return (
    <div className="flex items-center gap-4" data-testid="group-design">
      {line.customisation && (product.mockup || product.mockupPicture) ? (
        <Suspense fallback={<div className={box} aria-hidden />}>
          <DesignThumbnail
            product={{ ...product, name }}
            customisation={line.customisation}
            className={box}
          />
        </Suspense>
      ) : (
        <ProductImage image={product.image} name="" className={box} />
      )}
      <div>
        <p className="text-lg font-semibold text-slate-900">{name}</p>
        <ColourName
          as="p"
          colourId={line.customisation?.color ?? line.options?.colour}
          className="mt-1 inline-flex items-center gap-1.5 text-sm text-slate-700"
        />
      </div>
    </div>
  );
}

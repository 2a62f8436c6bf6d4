import type { ReactNode } from 'react';
import type { Product } from '@/shared/catalogue';
import { productDescription } from '@/shared/i18n/messages/product-descriptions';
import { useLocale } from '@/client/lib/i18n';
import { printGeometry, type PrintGeometry } from '@/client/components/print-area';
import { ProductDelivery } from '@/client/components/delivery-estimate';
import { ColourSwatches } from './colour-swatches';
import { CustomiserOrder } from './customiser-order';
import { CustomiserPrints } from './customiser-prints';
import { useCustomiserState } from './customiser-state';
import { DesignPreview } from './design-preview';

/** Customiser products (SPEC §2): colour, two prints placed on a mockup, free quantity, price summary. */
export function CustomiserPage({
  product,
  withoutMockup,
}: {
  product: Product;
  /** Shown for a product without a customiser configuration or mockup (the app's tier page). */
  withoutMockup: ReactNode;
}) {
  const geometry = printGeometry(product);
  if (!product.customiser || !geometry) return withoutMockup;
  return <Customiser product={product} mockup={geometry} config={product.customiser} />;
}

function Customiser({
  product,
  mockup,
  config,
}: {
  product: Product;
  mockup: PrintGeometry;
  config: NonNullable<Product['customiser']>;
}) {
  const { locale } = useLocale();
  const state = useCustomiserState(product, mockup, config);
  return (
    <form
      onSubmit={state.add}
      noValidate
      className="mt-6 grid gap-x-12 gap-y-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:grid-rows-[auto_1fr]"
    >
      <div className="lg:col-start-2 lg:row-start-1">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{state.name}</h1>
        <p className="mt-3 text-lg text-slate-600">{productDescription(locale, product)}</p>
      </div>

      <div className="lg:sticky lg:top-24 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:self-start">
        <DesignPreview
          product={mockup}
          name={state.name}
          color={state.hex}
          dark={state.dark}
          sides={state.sides}
          side={state.previewSide}
          onSideChange={state.setPreviewSide}
          prints={state.fitted}
          onMove={(key, position) => state.update(key, position)}
        />
      </div>

      <div className="min-w-0 space-y-8 lg:col-start-2">
        <ColourSwatches available={config.availableColors} value={state.color} onChange={state.setColor} />
        <CustomiserPrints product={product} state={state} />
        <CustomiserOrder product={product} state={state} />
        <ProductDelivery product={product} />
      </div>
    </form>
  );
}

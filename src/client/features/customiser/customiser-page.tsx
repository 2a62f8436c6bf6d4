import { Info, Plus, ShoppingCart, Users } from 'lucide-react';
import { useLocation } from 'wouter';
import { Fragment, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { colourHex, type PrintSide, type Product } from '@/shared/catalogue';
import { ADDITIONAL_INFO_MAX, DEFAULT_SCALE, type PrintMethod } from '@/shared/customisation';
import { customiserMessages } from '@/shared/i18n/messages/customiser';
import { productDescription } from '@/shared/i18n/messages/product-descriptions';
import { productName } from '@/shared/i18n/messages/product-names';
import { productMessages } from '@/shared/i18n/messages/products';
import { sizeMessages } from '@/shared/i18n/messages/sizes';
import { printMethodLabels, printSideLabels } from '@/shared/print-options';
import { hasSizes, productSizeCodes, splitTotal, type SizeSplit } from '@/shared/sizes';
import { useLocale, useT } from '@/client/lib/i18n';
import { cn } from '@/client/lib/cn';
import { formatCount } from '@/shared/money-format';
import { notify } from '@/client/lib/notify';
import { useCart } from '@/client/state/cart/cart-context';
import { useCurrency } from '@/client/state/currency-context';
import { SizeSplitEditor } from '@/client/components/size-split-editor';
import { printFileStore } from '@/client/state/print-files';
import { keepGroupDesign } from '@/client/state/group-design';
import { groupOrderMessages } from '@/shared/i18n/messages/group-orders';
import { ColourSwatches, isDarkColour } from './colour-swatches';
import {
  anotherPrint,
  freeSides,
  isNotWholeNumber,
  largestScale,
  placeFor,
  printMethods,
  quote,
  toCustomisation,
  type PrintDraft,
} from './customiser-model';
import { readCustomiserDraft, writeCustomiserDraft } from './customiser-draft';
import { DesignPreview } from './design-preview';
import { printGeometry, type PrintGeometry } from '@/client/components/print-area';
import { PrintPanel } from './print-panel';
import { ProductDelivery } from '@/client/components/delivery-estimate';
import { PriceSummary } from '@/client/components/price-summary';
import { Button } from '@/client/components/ui/button';
import { inputClass, inputLookClass } from '@/client/components/ui/field';

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
  const { dispatch, lines } = useCart();
  const { formatUnitPrice } = useCurrency();
  const { locale } = useLocale();
  const t = useT(customiserMessages);
  const productTexts = useT(productMessages);
  const groupTexts = useT(groupOrderMessages);
  const [, navigate] = useLocation();
  const name = productName(locale, product);
  // Side labels in the buyer's language (the catalogue's are English).
  const sides = config.availableSides.map((s) => ({ id: s.id, label: printSideLabels[locale][s.id] }));
  const ids = {
    quantity: useId(),
    quantityHelp: useId(),
    quantityError: useId(),
    info: useId(),
    summary: useId(),
  };
  const firstSide = config.availableSides[0]?.id ?? 'front';

  const [color, setColor] = useState<string>(
    config.availableColors.includes('white') ? 'white' : (config.availableColors[0] ?? 'white'),
  );
  const [previewSide, setPreviewSide] = useState<PrintSide>(firstSide);
  // Both prints start on the first side (the front): most buyers want one logo there, whichever
  // method they use. A second image on the same side is placed clear of the first when uploaded.
  const [prints, setPrints] = useState<PrintDraft[]>(() =>
    printMethods.map((method) => ({
      key: method,
      method,
      side: firstSide,
      scale: DEFAULT_SCALE,
      ...placeFor(mockup, firstSide, []).position,
    })),
  );
  const [uploading, setUploading] = useState<Record<string, boolean>>({});
  const [quantityText, setQuantityText] = useState(String(product.minQuantity));
  const [additionalInfo, setAdditionalInfo] = useState('');
  const [sizes, setSizes] = useState<SizeSplit>({});

  // The design in progress survives a reload (customiser-draft.ts). Read once after mount, so the
  // server's HTML and hydration start from the same defaults; saved on every change after that.
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    const draft = readCustomiserDraft(product.id, {
      colors: config.availableColors,
      sides: config.availableSides.map((s) => s.id),
    });
    /* eslint-disable react-hooks/set-state-in-effect -- a one-time read of this tab's storage */
    if (draft) {
      setColor(draft.color);
      setPreviewSide(draft.previewSide);
      setPrints(draft.prints);
      setQuantityText(draft.quantityText);
      setAdditionalInfo(draft.additionalInfo);
      setSizes(draft.sizes);
    }
    setRestored(true);
    /* eslint-enable react-hooks/set-state-in-effect */
  }, [product.id, config]);
  useEffect(() => {
    if (!restored) return;
    writeCustomiserDraft(product.id, { color, previewSide, prints, quantityText, additionalInfo, sizes });
  }, [restored, product.id, color, previewSide, prints, quantityText, additionalInfo, sizes]);

  const hex = colourHex(color) ?? '#ffffff';
  const dark = isDarkColour(color, hex);
  const q = quote(product, quantityText, locale);
  const busy = Object.values(uploading).some(Boolean);
  // Every print at most as large as its side's area allows (a draft saved before the limit too).
  const fitted = prints.map((p) => ({
    ...p,
    scale: Math.min(p.scale, largestScale(product, p.side, p.upload)),
  }));
  const sideIds = config.availableSides.map((s) => s.id);
  const uploaded = prints.filter((p) => p.upload);
  const notWhole = isNotWholeNumber(quantityText);
  const sizeTexts = useT(sizeMessages);
  const garment = hasSizes(product);
  const sized = splitTotal(sizes);
  // A split that is started must match the quantity; an empty one is chosen in the cart instead.
  const splitMismatch =
    garment && sized > 0 && sized !== q.quantity
      ? sizeTexts.mismatch({ quantity: q.quantity, total: sized })
      : undefined;

  const update = (key: string, change: Partial<PrintDraft>) =>
    setPrints((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));

  /** Another print of the method on a side it is not on yet, listed after the method's others. */
  const addAnother = (method: PrintMethod) => {
    const next = anotherPrint(mockup, prints, method, sideIds);
    if (!next) return;
    setPrints((list) => {
      const last = list.map((p) => p.method).lastIndexOf(method);
      return [...list.slice(0, last + 1), next, ...list.slice(last + 1)];
    });
  };

  /**
   * A replaced or removed file stops being a print file of the order: a PDF at once, an image
   * unless a cart line already uses it (that design keeps its print file).
   */
  const dropPrintFile = (id: string | undefined, unlessInCart: boolean) => {
    if (!id) return;
    const inCart = lines.some((line) => line.customisation?.prints.some((p) => p.uploadId === id));
    if (!(unlessInCart && inCart)) printFileStore.remove(id);
  };

  const changeSide = (key: string, side: PrintSide) => {
    // A print moved to another side starts in that side's print area, clear of a print already
    // there, at most as large as that area allows, and the preview follows it.
    const print = prints.find((p) => p.key === key);
    if (!print) return;
    const others = prints.filter((p) => p.key !== key && p.upload && p.side === side);
    const scale = Math.min(print.scale, largestScale(product, side, print.upload));
    const place = placeFor(mockup, side, others, scale);
    update(key, { side, scale, ...place.position });
    if (place.other && others[0]) update(others[0].key, place.other);
    setPreviewSide(side);
  };

  // A group order starts from this design: the start page reads it (src/client/state/group-design.ts).
  const startGroup = () => {
    keepGroupDesign({ productId: product.id, customisation: toCustomisation(color, fitted, additionalInfo) });
    navigate('/group/new');
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (q.problem) {
      notify.error(q.problem);
      return;
    }
    if (splitMismatch) {
      notify.error(splitMismatch);
      return;
    }
    if (busy) return;
    dispatch({
      type: 'add',
      productId: product.id,
      quantity: q.quantity,
      customisation: toCustomisation(color, fitted, additionalInfo),
      ...(garment && sized > 0 ? { sizes } : {}),
    });
    notify.success(t.added({ n: formatCount(q.quantity) }));
  };

  return (
    <form
      onSubmit={add}
      noValidate
      className="mt-6 grid gap-x-12 gap-y-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:grid-rows-[auto_1fr]"
    >
      <div className="lg:col-start-2 lg:row-start-1">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{name}</h1>
        <p className="mt-3 text-lg text-slate-600">{productDescription(locale, product)}</p>
      </div>

      <div className="lg:sticky lg:top-24 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:self-start">
        <DesignPreview
          product={mockup}
          name={name}
          color={hex}
          dark={dark}
          sides={sides}
          side={previewSide}
          onSideChange={setPreviewSide}
          prints={fitted}
          onMove={(key, position) => update(key, position)}
        />
      </div>

      <div className="min-w-0 space-y-8 lg:col-start-2">
        <ColourSwatches available={config.availableColors} value={color} onChange={setColor} />

        <div>
          <h2 className="text-base font-semibold text-slate-900">{t.yourPrints}</h2>
          <p className="mt-1 text-sm text-slate-600">{t.printsIntro}</p>
          <div className="mt-3 space-y-4">
            {fitted.map((print, index) => {
              const sameMethod = prints.filter((p) => p.method === print.method);
              const label = printMethodLabels[locale][print.method];
              const lastOfMethod = fitted[index + 1]?.method !== print.method;
              const another =
                lastOfMethod &&
                sameMethod.every((p) => p.upload) &&
                freeSides(prints, print.method, sideIds).length > 0;
              return (
                <Fragment key={print.key}>
                  <PrintPanel
                    product={product}
                    title={
                      sameMethod.length > 1
                        ? t.printOnSide({ method: label, side: printSideLabels[locale][print.side] })
                        : label
                    }
                    print={print}
                    sides={sides}
                    takenSides={sideIds.filter(
                      (side) => !freeSides(prints, print.method, sideIds, print.key).includes(side),
                    )}
                    onUploaded={(upload) => {
                      const others = prints.filter(
                        (p) => p.key !== print.key && p.upload && p.side === print.side,
                      );
                      dropPrintFile(print.upload?.id, true);
                      // A first image is placed; a replaced one keeps the place the buyer gave it.
                      // Either way no larger than the print area allows for this image.
                      const scale = Math.min(print.scale, largestScale(product, print.side, upload));
                      const place = print.upload ? undefined : placeFor(mockup, print.side, others, scale);
                      update(print.key, { upload, scale, ...place?.position });
                      if (place?.other && others[0]) update(others[0].key, place.other);
                      setPreviewSide(print.side);
                    }}
                    onPrintFile={(printFile) => {
                      dropPrintFile(print.printFile?.id, false);
                      update(print.key, { printFile });
                    }}
                    onRemove={() => {
                      dropPrintFile(print.upload?.id, true);
                      // A method's further print goes with its image; its first stays, empty.
                      if (print.key === print.method) update(print.key, { upload: undefined });
                      else setPrints((list) => list.filter((p) => p.key !== print.key));
                    }}
                    onSideChange={(side) => changeSide(print.key, side)}
                    onScaleChange={(scale) => update(print.key, { scale })}
                    onBusyChange={(value) => setUploading((state) => ({ ...state, [print.key]: value }))}
                  />
                  {another && (
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => addAnother(print.method)}
                      data-testid={`another-side-${print.method}`}
                    >
                      <Plus className="size-4" aria-hidden />
                      {t.anotherSide({ method: label })}
                    </Button>
                  )}
                </Fragment>
              );
            })}
          </div>
          {(uploaded.length > 0 || prints.some((p) => p.printFile)) && (
            <p
              className="mt-4 flex gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-950"
              data-testid="vector-note"
            >
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>
                {t.vectorNote} {t.vectorNoteHow}
              </span>
            </p>
          )}
        </div>

        <section
          aria-labelledby={ids.summary}
          className="rounded-2xl border border-slate-200 p-4 shadow-sm sm:p-6"
        >
          <h2 id={ids.summary} className="text-base font-semibold text-slate-900">
            {t.quantityAndPrice}
          </h2>
          <div className="mt-4">
            <label htmlFor={ids.quantity} className="text-sm font-semibold text-slate-900">
              {t.quantityLabel}
            </label>
            <input
              id={ids.quantity}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={quantityText}
              onChange={(event) => setQuantityText(event.target.value.slice(0, 12))}
              onKeyDown={(event) => {
                // Enter cannot submit while Add is disabled: say why instead (SPEC §8).
                if (event.key === 'Enter' && q.problem) {
                  event.preventDefault();
                  notify.error(q.problem);
                }
              }}
              aria-invalid={q.problem ? true : undefined}
              aria-describedby={`${ids.quantityHelp}${q.problem ? ` ${ids.quantityError}` : ''}`}
              className={cn(
                inputLookClass,
                'mt-2 block w-full px-4 py-2.5 text-lg font-semibold tabular-nums sm:w-48',
              )}
            />
            <p id={ids.quantityHelp} className="mt-2 text-sm text-slate-600">
              {t.quantityHelp({ min: formatCount(product.minQuantity) })}
              {product.soldInMultiplesOf
                ? ` ${productTexts.soldInMultiples({ n: formatCount(product.soldInMultiplesOf) })}`
                : ''}
            </p>
            {q.problem && (
              <p
                id={ids.quantityError}
                role="alert"
                className="mt-2 text-sm font-semibold text-red-700"
                data-testid="quantity-problem"
              >
                {notWhole ? t.wholeNumber : ''}
                {q.problem}
              </p>
            )}
          </div>

          {garment && (
            <div className="mt-5">
              <SizeSplitEditor
                productName={name}
                quantity={q.quantity}
                sizes={sizes}
                codes={productSizeCodes(product)}
                onChange={setSizes}
              />
              {sized > 0 && sized !== q.quantity && sized >= product.minQuantity && (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setQuantityText(String(sized))}
                  className="mt-2"
                >
                  {sizeTexts.useTotal({ total: formatCount(sized) })}
                </Button>
              )}
            </div>
          )}

          <ul className="mt-5 grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label={t.priceTiers}>
            {product.tiers.map((tier) => {
              const applied = q.tier?.quantity === tier.quantity && !q.problem;
              return (
                <li key={tier.quantity}>
                  <button
                    type="button"
                    onClick={() => setQuantityText(String(tier.quantity))}
                    aria-current={applied ? 'true' : undefined}
                    className={cn(
                      'w-full rounded-xl border px-3 py-2 text-left text-sm transition',
                      applied
                        ? 'border-brand-700 bg-brand-50 text-brand-900'
                        : 'border-slate-200 text-slate-800 hover:border-slate-400',
                    )}
                  >
                    <span className="block font-semibold">
                      {t.tierQuantity({ n: formatCount(tier.quantity) })}
                    </span>
                    <span className="block tabular-nums">
                      {t.tierPrice({ price: formatUnitPrice(tier.pricePerUnit) })}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>

          <PriceSummary
            className="mt-5"
            quantity={q.quantity}
            tier={q.problem ? undefined : q.tier}
            nextTier={q.nextTier}
          />

          <div className="mt-6">
            <div className="flex items-baseline justify-between">
              <label htmlFor={ids.info} className="text-sm font-semibold text-slate-900">
                {t.additionalInfo}
              </label>
              <span className="text-xs tabular-nums text-slate-600" aria-hidden>
                {additionalInfo.length} / {ADDITIONAL_INFO_MAX}
              </span>
            </div>
            <textarea
              id={ids.info}
              rows={3}
              maxLength={ADDITIONAL_INFO_MAX}
              value={additionalInfo}
              onChange={(event) => setAdditionalInfo(event.target.value.slice(0, ADDITIONAL_INFO_MAX))}
              placeholder={t.additionalInfoPlaceholder}
              className={inputClass}
            />
          </div>

          <Button type="submit" disabled={Boolean(q.problem) || busy} size="xl" block className="mt-6">
            <ShoppingCart className="size-5" aria-hidden />
            {t.addToCart}
          </Button>
          <p className="mt-3 text-center text-xs text-slate-600">
            {busy ? t.waitForUpload : uploaded.length === 0 ? t.noPrintYet : productTexts.terms}
          </p>
          {garment && (
            <div className="mt-5 border-t border-slate-200 pt-5">
              <Button
                type="button"
                variant="secondary"
                size="lg"
                block
                disabled={busy}
                onClick={startGroup}
                data-testid="start-group-order"
              >
                <Users className="size-5" aria-hidden />
                {groupTexts.startGroup}
              </Button>
              <p className="mt-2 text-center text-xs text-slate-600">{groupTexts.startGroupHint}</p>
            </div>
          )}
        </section>
        <ProductDelivery product={product} />
      </div>
    </form>
  );
}

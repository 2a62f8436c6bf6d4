import { Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { printMethodLabels, printSideLabels } from '@/shared/print-options';
import { parseQuantity, quantityProblem, quantityStep } from '@/shared/pricing';
import { formatCount } from '@/shared/money-format';
import { formatSplit, hasSizes, productSizeCodes } from '@/shared/sizes';
import { groupOrderMessages } from '@/shared/i18n/messages/group-orders';
import { notify } from '@/client/lib/notify';
import type { PricedCartLine } from '@/client/state/cart/cart-model';
import { useCart } from '@/client/state/cart/cart-context';
import { ColourName } from '@/client/components/colour-name';
import { ProductImage } from '@/client/components/product-image';
import { useCurrency } from '@/client/state/currency-context';
import { quantityUnit } from '@/shared/terms';
import { SizeSplitEditor } from '@/client/components/size-split-editor';
import { sizeMessages } from '@/shared/i18n/messages/sizes';
import { useLocale, useT } from '@/client/lib/i18n';
import { checkoutPageMessages } from '@/shared/i18n/messages/checkout';
import { quantityProblemText } from '@/shared/i18n/messages/products';
import { productName } from '@/shared/i18n/messages/product-names';
import { cn } from '@/client/lib/cn';
import { describeOptions } from '@/shared/i18n/messages/product-options';
import { cartOptionMessages } from '@/shared/i18n/messages/cart-options';
import { effectiveOptions } from '@/shared/product-options';
import { ProductOptionFields } from '@/client/components/product-options-fields';
import { usePrintFiles } from '@/client/state/print-files';
import { inputLookClass } from '@/client/components/ui/field';
import { unitPriceExVat } from '@/shared/invoicing/vat-treatment';

// The garment drawings load only for a cart with a designed garment in it.
const DesignThumbnail = lazy(() =>
  import('@/client/components/design-thumbnail').then((m) => ({ default: m.DesignThumbnail })),
);

const thumbnailBox =
  'h-16 w-16 shrink-0 rounded-lg bg-slate-50 min-[400px]:h-20 min-[400px]:w-24 sm:h-24 sm:w-32';

/**
 * Quantity input: any whole number from the product's minimum (in its multiples, if it is sold so)
 * is kept as typed and priced by its tier. Below the minimum nothing changes: the line keeps its
 * quantity and the toast says why (SPEC §8), never another number in the buyer's place.
 */
function QuantityInput({ line, name }: { line: PricedCartLine; name: string }) {
  const { dispatch } = useCart();
  const { locale } = useLocale();
  const pt = useT(checkoutPageMessages);
  const [text, setText] = useState(String(line.quantity));
  const [shown, setShown] = useState(line.quantity);
  // Another change (e.g. another tab) moved the quantity: follow it.
  if (shown !== line.quantity) {
    setShown(line.quantity);
    setText(String(line.quantity));
  }
  const commit = () => {
    const quantity = parseQuantity(text);
    const problem = quantityProblem(line.product, quantity);
    if (problem) {
      notify.error(quantityProblemText(locale, problem));
      setText(String(line.quantity));
      return;
    }
    if (quantity !== line.quantity) dispatch({ type: 'setQuantity', key: line.key, quantity });
  };
  return (
    <input
      type="number"
      inputMode="numeric"
      min={line.product.minQuantity}
      step={quantityStep(line.product)}
      value={text}
      aria-label={pt.quantityOf({ name })}
      onChange={(event) => {
        setText(event.target.value);
        const quantity = parseQuantity(event.target.value);
        // Live for a quantity the rule accepts; the rest is settled on blur or Enter.
        if (!quantityProblem(line.product, quantity) && quantity !== line.quantity)
          dispatch({ type: 'setQuantity', key: line.key, quantity });
      }}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      className={cn(
        inputLookClass,
        'w-20 px-3 py-2 text-right text-base tabular-nums min-[400px]:w-24 sm:w-28',
      )}
    />
  );
}

/** A group order's line: its title, its sizes and how many garments carry a name and number. */
function GroupSummary({ line }: { line: PricedCartLine }) {
  const t = useT(groupOrderMessages);
  if (!line.group || !line.groupOrder) return null;
  const n = formatCount(line.group.garments.length);
  const personalised = line.group.personalisation.name || line.group.personalisation.number;
  return (
    <div className="mt-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-700" data-testid="group-line">
      <p className="font-medium text-slate-900">{t.cartLine({ title: line.groupOrder.title })}</p>
      <p>{personalised ? t.garmentsWithNames({ n }) : t.garmentsPerMember({ n })}</p>
      <p className="tabular-nums">{formatSplit(line.sizes)}</p>
    </div>
  );
}

/** The line's choices, notes and print file; a missing choice as a select; the shared tier said. */
function LineChoices({ line }: { line: PricedCartLine }) {
  const { dispatch } = useCart();
  const { locale } = useLocale();
  const t = useT(cartOptionMessages);
  const files = usePrintFiles();
  // The customised design's colour is shown with the design above.
  const shown = { ...line.options };
  if (line.customisation) delete shown.colour;
  const described = describeOptions(locale, shown);
  const file = line.printFileId ? files.find((f) => f.id === line.printFileId) : undefined;
  return (
    <>
      {described && (
        <p className="mt-2 text-sm text-slate-700" data-testid="line-options">
          {described}
        </p>
      )}
      {line.optionsProblem && (
        <ProductOptionFields
          className="mt-2 grid gap-3 sm:grid-cols-2"
          product={line.product}
          value={effectiveOptions(line.options, line.customisation)}
          onChange={(option, choice) => dispatch({ type: 'setOption', key: line.key, option, choice })}
        />
      )}
      {line.notes && (
        <p className="mt-1 break-words text-sm text-slate-600" data-testid="line-notes">
          {t.notes}: {line.notes}
        </p>
      )}
      {file && (
        <p className="mt-1 break-words text-sm text-slate-600">
          {t.printFile}: {file.name}
        </p>
      )}
      {line.combinedWith > 0 && (
        <p className="mt-1 text-sm font-medium text-emerald-800" data-testid="combined-tier">
          {t.combinedTier({ total: line.tierQuantity, colours: line.combinedWith + 1 })}
        </p>
      )}
    </>
  );
}

export function CartLines({
  shownWithoutVat,
}: {
  /**
   * Each line's amount without VAT as the buyer pays it (reverse charge, export), formatted; the
   * unit prices are then shown without VAT too. Absent: the prices with Swedish VAT as shown.
   */
  shownWithoutVat?: readonly string[] | undefined;
} = {}) {
  const { lines, dispatch } = useCart();
  const { locale } = useLocale();
  const t = useT(checkoutPageMessages);
  const sizeTexts = useT(sizeMessages);
  const methodLabel = printMethodLabels[locale];
  const sideLabel = printSideLabels[locale];
  const { formatPrice, formatUnitPrice } = useCurrency();
  return (
    <ul
      className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white"
      aria-label={t.linesLabel}
    >
      {lines.map((line, index) => {
        const name = productName(locale, line.product);
        return (
          <li
            key={line.key}
            className="flex gap-3 p-3 sm:gap-4 sm:p-5"
            data-testid="cart-line"
            data-needs-sizes={line.sizeProblem ? 'true' : undefined}
            data-needs-options={line.optionsProblem ? 'true' : undefined}
          >
            {line.customisation && (line.product.mockup || line.product.mockupPicture) ? (
              // The design as the buyer made it: the garment in the chosen colour with the prints.
              <Suspense fallback={<div className={thumbnailBox} aria-hidden />}>
                <DesignThumbnail
                  product={{ ...line.product, name }}
                  customisation={line.customisation}
                  className={thumbnailBox}
                />
              </Suspense>
            ) : (
              <ProductImage image={line.product.image} name="" className={thumbnailBox} />
            )}
            <div className="min-w-0 flex-1">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <h2 className="font-semibold text-slate-900">
                    {name}
                    {line.sizeProblem && (
                      <span className="ml-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 align-middle text-xs font-semibold text-amber-900 ring-1 ring-amber-300">
                        {sizeTexts.needsSizes}
                      </span>
                    )}
                  </h2>
                  <p className="text-sm text-slate-600">
                    <span data-testid="line-unit-price">
                      {formatUnitPrice(shownWithoutVat ? unitPriceExVat(line.unitPrice) : line.unitPrice)}
                    </span>{' '}
                    / {quantityUnit[locale]} · {t.minimum({ n: formatCount(line.product.minQuantity) })}
                  </p>
                </div>
                <button
                  type="button"
                  onClick={() => dispatch({ type: 'remove', key: line.key })}
                  aria-label={t.remove({ name })}
                  className="-m-2 rounded-lg p-2 text-slate-500 hover:bg-red-50 hover:text-red-700"
                >
                  <Trash2 className="size-5" aria-hidden />
                </button>
              </div>
              {line.customisation && (
                <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-slate-700">
                  <ColourName
                    colourId={line.customisation.color}
                    className="inline-flex items-center gap-1.5"
                  />
                  {line.customisation.prints.map((print) => (
                    <img
                      key={`${print.method}-${print.side}`}
                      src={`/api/uploads/${encodeURIComponent(print.uploadId)}`}
                      alt={`${methodLabel[print.method]}, ${sideLabel[print.side]}`}
                      title={`${methodLabel[print.method]}, ${sideLabel[print.side]}`}
                      width={40}
                      height={40}
                      loading="lazy"
                      className="size-10 rounded border border-slate-200 bg-slate-50 object-contain"
                    />
                  ))}
                </div>
              )}
              <LineChoices line={line} />
              {line.group && line.groupOrder && <GroupSummary line={line} />}
              {hasSizes(line.product) && !line.group && (
                <SizeSplitEditor
                  className="mt-3"
                  productName={name}
                  quantity={line.quantity}
                  sizes={line.sizes}
                  codes={productSizeCodes(line.product)}
                  onChange={(sizes) => dispatch({ type: 'setSizes', key: line.key, sizes })}
                />
              )}
              <div className="mt-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
                {line.group ? (
                  <p className="text-sm font-medium text-slate-900" data-testid="group-quantity">
                    {formatCount(line.quantity)} {quantityUnit[locale]}
                  </p>
                ) : (
                  <QuantityInput line={line} name={name} />
                )}
                <p
                  className="whitespace-nowrap text-right font-semibold tabular-nums text-slate-900"
                  data-testid="line-total"
                >
                  {shownWithoutVat?.[index] ?? formatPrice(line.lineTotal)}
                  {shownWithoutVat && (
                    <span className="ml-1 text-xs font-normal text-slate-600">{t.exclVat}</span>
                  )}
                </p>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

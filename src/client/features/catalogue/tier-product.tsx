import { Check, ShoppingCart } from 'lucide-react';
import { Slider } from 'radix-ui';
import { useId } from 'react';
import type { PriceTier, Product } from '@/shared/catalogue';
import { lineTotal } from '@/shared/money';
import { MAX_LINE_NOTES } from '@/shared/product-options';
import { productOptionMessages } from '@/shared/i18n/messages/product-options';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import { printFileAccept, type PrintFileAnswer } from '@/shared/print-files';
import { ProductOptionFields } from '@/client/components/product-options-fields';
import { Field } from '@/client/components/ui/field';
import { FileButton } from '@/client/components/ui/file-button';
import { useCurrency } from '@/client/state/currency-context';
import { formatCount } from '@/shared/money-format';
import { ProductImage } from '@/client/components/product-image';
import { productDescription } from '@/shared/i18n/messages/product-descriptions';
import { productName } from '@/shared/i18n/messages/product-names';
import { productMessages } from '@/shared/i18n/messages/products';
import { useLocale, useT } from '@/client/lib/i18n';
import { ProductDelivery } from '@/client/components/delivery-estimate';
import { PriceSummary } from '@/client/components/price-summary';
import { Button } from '@/client/components/ui/button';
import { useTierProduct } from './use-tier-product';
import { ColumnHeads } from '@/client/components/ui/column-heads';

type TierState = ReturnType<typeof useTierProduct>;

/** Product page for fixed quantity tiers: a slider picks the tier, the price follows it. */
export function TierProduct({ product }: { product: Product }) {
  const state = useTierProduct(product);
  const { locale } = useLocale();
  const name = productName(locale, product);
  const { tier } = state;
  if (!tier) return null;

  return (
    <div className="mt-6 grid gap-10 lg:grid-cols-2">
      <div className="self-start overflow-hidden rounded-3xl border border-slate-200 bg-slate-50 lg:sticky lg:top-24">
        <ProductImage image={product.image} name={name} eager className="w-full" />
      </div>
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{name}</h1>
        <p className="mt-3 text-lg text-slate-600">{productDescription(locale, product)}</p>

        <QuantitySection product={product} state={state} tier={tier} />

        <ProductDelivery product={product} />

        <TierTable tiers={state.tiers} index={state.index} setIndex={state.setIndex} />
      </div>
    </div>
  );
}

/** The slider, the options, the price, the notes, the print file and the add-to-cart button. */
function QuantitySection({ product, state, tier }: { product: Product; state: TierState; tier: PriceTier }) {
  const t = useT(productMessages);
  const optionTexts = useT(productOptionMessages);
  const notesId = useId();
  const { index, setIndex, tiers, first, savings, multiple } = state;
  return (
    <section
      aria-labelledby="quantity-title"
      className="mt-8 rounded-2xl border border-slate-200 p-6 shadow-sm"
    >
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="quantity-title" className="text-base font-semibold text-slate-900">
          {t.chooseQuantity}
        </h2>
        {savings > 0 && (
          <span className="rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800">
            {t.save({ percent: savings })}
          </span>
        )}
      </div>
      <Slider.Root
        className="relative mt-6 flex h-6 w-full touch-none select-none items-center"
        min={0}
        max={tiers.length - 1}
        step={1}
        value={[index]}
        onValueChange={([value]) => setIndex(value ?? 0)}
      >
        <Slider.Track className="relative h-2 grow rounded-full bg-slate-200">
          <Slider.Range className="absolute h-full rounded-full bg-brand-700" />
        </Slider.Track>
        <Slider.Thumb
          aria-label={t.quantityTier}
          aria-valuetext={t.pcs({ n: formatCount(tier.quantity) })}
          className="block size-6 rounded-full border-2 border-brand-700 bg-white shadow-md hover:bg-brand-50"
        />
      </Slider.Root>
      <div className="mt-2 flex justify-between text-xs text-slate-600" aria-hidden>
        <span>{formatCount(first?.quantity ?? 0)}</span>
        <span>{formatCount(tiers.at(-1)?.quantity ?? 0)}</span>
      </div>

      <ProductOptionFields
        className="mt-6 grid gap-4 sm:grid-cols-2"
        product={product}
        value={state.options}
        onChange={state.chooseOption}
      />

      <PriceSummary
        className="mt-6"
        quantity={tier.quantity}
        tier={state.shownTier ?? tier}
        nextTier={tiers[index + 1]}
      />

      <Field id={notesId} className="mt-6" label={optionTexts.notes} hint={optionTexts.notesHint}>
        {(control) => (
          <textarea
            {...control}
            name="notes"
            rows={3}
            maxLength={MAX_LINE_NOTES}
            value={state.notes}
            onChange={(event) => state.setNotes(event.target.value)}
          />
        )}
      </Field>

      <LinePrintFile printFile={state.printFile} uploading={state.uploading} upload={state.upload} />

      <Button onClick={state.add} size="xl" block className="mt-6">
        <ShoppingCart className="size-5" aria-hidden />
        {t.addToCart({ n: formatCount(tier.quantity) })}
      </Button>
      {multiple && (
        <p className="mt-3 text-center text-sm font-semibold text-slate-800">
          {t.soldInMultiples({ n: formatCount(multiple) })}
        </p>
      )}
      <p className="mt-3 text-center text-xs text-slate-600">{t.terms}</p>
    </section>
  );
}

/** The line's own print file: the one uploaded here, and the button to upload it. */
function LinePrintFile(props: {
  printFile: PrintFileAnswer | undefined;
  uploading: boolean;
  upload: (file: File) => Promise<void>;
}) {
  const optionTexts = useT(productOptionMessages);
  const printFileTexts = useT(printFileMessages);
  const { printFile } = props;
  return (
    <div className="mt-4">
      <p className="text-sm font-semibold text-slate-800">{optionTexts.printFile}</p>
      <p className="text-sm text-slate-600">{optionTexts.printFileHint}</p>
      {printFile && (
        <p className="mt-1 text-sm text-slate-800" data-testid="line-print-file">
          {printFile.name || printFileTexts.unnamed} · {printFileTexts[printFile.kind]}
        </p>
      )}
      {props.uploading && (
        <p role="status" className="mt-1 text-sm text-slate-600">
          {printFileTexts.uploading({ name: '' })}
        </p>
      )}
      <FileButton
        label={printFileTexts.add}
        accept={printFileAccept}
        testId="line-print-file-input"
        onFiles={([file]) => {
          if (file) void props.upload(file);
        }}
      />
    </div>
  );
}

/** Every tier with its unit price and total; a row's button picks that tier. */
function TierTable(props: { tiers: readonly PriceTier[]; index: number; setIndex: (index: number) => void }) {
  const t = useT(productMessages);
  const { formatPrice, formatUnitPrice } = useCurrency();
  return (
    <section aria-labelledby="tiers-title" className="mt-8">
      <h2 id="tiers-title" className="text-base font-semibold text-slate-900">
        {t.allTiers}
      </h2>
      <table className="mt-3 w-full text-left text-sm">
        <ColumnHeads
          cellClassName="py-2 font-medium"
          columns={[{ label: t.quantity }, { label: t.unitPrice, end: true }, { label: t.total, end: true }]}
        />
        <tbody className="divide-y divide-slate-100">
          {props.tiers.map((row, i) => (
            <tr
              key={row.quantity}
              className={i === props.index ? 'bg-brand-50 font-semibold text-brand-900' : 'text-slate-800'}
            >
              <td className="py-2 pl-2">
                <button
                  type="button"
                  onClick={() => props.setIndex(i)}
                  className="inline-flex items-center gap-1 hover:underline"
                >
                  {i === props.index && <Check className="size-4" aria-hidden />}
                  {t.pcs({ n: formatCount(row.quantity) })}
                </button>
              </td>
              <td className="py-2 text-right tabular-nums">{formatUnitPrice(row.pricePerUnit)}</td>
              <td className="py-2 pr-2 text-right tabular-nums">
                {formatPrice(lineTotal(row.pricePerUnit, row.quantity))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

import { ShoppingCart, Users } from 'lucide-react';
import { useId } from 'react';
import type { Product } from '@/shared/catalogue';
import { ADDITIONAL_INFO_MAX } from '@/shared/customisation';
import { customiserMessages } from '@/shared/i18n/messages/customiser';
import { productMessages } from '@/shared/i18n/messages/products';
import { sizeMessages } from '@/shared/i18n/messages/sizes';
import { groupOrderMessages } from '@/shared/i18n/messages/group-orders';
import { productSizeCodes } from '@/shared/sizes';
import { formatCount } from '@/shared/money-format';
import { useT } from '@/client/lib/i18n';
import { cn } from '@/client/lib/cn';
import { notify } from '@/client/lib/notify';
import { useCurrency } from '@/client/state/currency-context';
import { SizeSplitEditor } from '@/client/components/size-split-editor';
import { PriceSummary } from '@/client/components/price-summary';
import { Button } from '@/client/components/ui/button';
import { inputClass, inputLookClass } from '@/client/components/ui/field';
import type { CustomiserState } from './customiser-state';

interface OrderProps {
  product: Product;
  state: CustomiserState;
}

/** Quantity and price: the quantity, its sizes, the price tiers, the note and "Add to cart". */
export function CustomiserOrder({ product, state }: OrderProps) {
  const t = useT(customiserMessages);
  const summaryId = useId();
  const { q } = state;
  return (
    <section aria-labelledby={summaryId} className="rounded-2xl border border-slate-200 p-4 shadow-sm sm:p-6">
      <h2 id={summaryId} className="text-base font-semibold text-slate-900">
        {t.quantityAndPrice}
      </h2>
      <QuantityField product={product} state={state} />
      {state.garment && <SizesField product={product} state={state} />}
      <PriceTiers product={product} state={state} />
      <PriceSummary
        className="mt-5"
        quantity={q.quantity}
        tier={q.problem ? undefined : q.tier}
        nextTier={q.nextTier}
      />
      <AdditionalInfoField state={state} />
      <OrderActions state={state} />
    </section>
  );
}

function QuantityField({ product, state }: OrderProps) {
  const t = useT(customiserMessages);
  const productTexts = useT(productMessages);
  const ids = { quantity: useId(), quantityHelp: useId(), quantityError: useId() };
  const { q } = state;
  return (
    <div className="mt-4">
      <label htmlFor={ids.quantity} className="text-sm font-semibold text-slate-900">
        {t.quantityLabel}
      </label>
      <input
        id={ids.quantity}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={state.quantityText}
        onChange={(event) => state.setQuantityText(event.target.value.slice(0, 12))}
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
          {state.notWhole ? t.wholeNumber : ''}
          {q.problem}
        </p>
      )}
    </div>
  );
}

function SizesField({ product, state }: OrderProps) {
  const sizeTexts = useT(sizeMessages);
  const { sized, q } = state;
  return (
    <div className="mt-5">
      <SizeSplitEditor
        productName={state.name}
        quantity={q.quantity}
        sizes={state.sizes}
        codes={productSizeCodes(product)}
        onChange={state.setSizes}
      />
      {sized > 0 && sized !== q.quantity && sized >= product.minQuantity && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => state.setQuantityText(String(sized))}
          className="mt-2"
        >
          {sizeTexts.useTotal({ total: formatCount(sized) })}
        </Button>
      )}
    </div>
  );
}

function PriceTiers({ product, state }: OrderProps) {
  const t = useT(customiserMessages);
  const { formatUnitPrice } = useCurrency();
  const { q } = state;
  return (
    <ul className="mt-5 grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label={t.priceTiers}>
      {product.tiers.map((tier) => {
        const applied = q.tier?.quantity === tier.quantity && !q.problem;
        return (
          <li key={tier.quantity}>
            <button
              type="button"
              onClick={() => state.setQuantityText(String(tier.quantity))}
              aria-current={applied ? 'true' : undefined}
              className={cn(
                'w-full rounded-xl border px-3 py-2 text-left text-sm transition',
                applied
                  ? 'border-brand-700 bg-brand-50 text-brand-900'
                  : 'border-slate-200 text-slate-800 hover:border-slate-400',
              )}
            >
              <span className="block font-semibold">{t.tierQuantity({ n: formatCount(tier.quantity) })}</span>
              <span className="block tabular-nums">
                {t.tierPrice({ price: formatUnitPrice(tier.pricePerUnit) })}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function AdditionalInfoField({ state }: { state: CustomiserState }) {
  const t = useT(customiserMessages);
  const infoId = useId();
  return (
    <div className="mt-6">
      <div className="flex items-baseline justify-between">
        <label htmlFor={infoId} className="text-sm font-semibold text-slate-900">
          {t.additionalInfo}
        </label>
        <span className="text-xs tabular-nums text-slate-600" aria-hidden>
          {state.additionalInfo.length} / {ADDITIONAL_INFO_MAX}
        </span>
      </div>
      <textarea
        id={infoId}
        rows={3}
        maxLength={ADDITIONAL_INFO_MAX}
        value={state.additionalInfo}
        onChange={(event) => state.setAdditionalInfo(event.target.value.slice(0, ADDITIONAL_INFO_MAX))}
        placeholder={t.additionalInfoPlaceholder}
        className={inputClass}
      />
    </div>
  );
}

function OrderActions({ state }: { state: CustomiserState }) {
  const t = useT(customiserMessages);
  const productTexts = useT(productMessages);
  const groupTexts = useT(groupOrderMessages);
  const { busy } = state;
  return (
    <>
      <Button type="submit" disabled={Boolean(state.q.problem) || busy} size="xl" block className="mt-6">
        <ShoppingCart className="size-5" aria-hidden />
        {t.addToCart}
      </Button>
      <p className="mt-3 text-center text-xs text-slate-600">
        {busy ? t.waitForUpload : state.uploaded.length === 0 ? t.noPrintYet : productTexts.terms}
      </p>
      {state.garment && (
        <div className="mt-5 border-t border-slate-200 pt-5">
          <Button
            type="button"
            variant="secondary"
            size="lg"
            block
            disabled={busy}
            onClick={state.startGroup}
            data-testid="start-group-order"
          >
            <Users className="size-5" aria-hidden />
            {groupTexts.startGroup}
          </Button>
          <p className="mt-2 text-center text-xs text-slate-600">{groupTexts.startGroupHint}</p>
        </div>
      )}
    </>
  );
}

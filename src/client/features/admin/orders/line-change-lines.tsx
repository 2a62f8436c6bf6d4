import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { StaffOptionSelects } from '@/client/components/product-options-fields';
import { Field } from '@/client/components/ui/field';
import { SizeSplitEditor } from '@/client/components/size-split-editor';
import { useLocale, useT } from '@/client/lib/i18n';
import type { Product } from '@/shared/catalogue';
import type { PrintPlacement } from '@/shared/customisation';
import type { Locale } from '@/shared/i18n/locale';
import { productName } from '@/shared/i18n/messages/product-names';
import { staffOrderMessages } from '@/shared/i18n/messages/staff-orders';
import {
  printMethodIds,
  printMethodLabels,
  printSideLabels,
  type PrintMethod,
  type PrintSide,
} from '@/shared/print-options';
import { productSizeCodes } from '@/shared/sizes';
import { countOf, newPrint, withProduct, type FreeDraft, type GoodsDraft } from './line-change-draft';

/**
 * The line-change editor's lines (issue 41): a goods line's product (a line staff add), quantity,
 * unit price and its reason, options, size split and prints, or its removal; and the free lines.
 * Each field shows the server's message for it (the checkout's words), by the line's place in the
 * body the form sent.
 */

type Errors = Readonly<Record<string, string>>;

export function GoodsLineFields(props: {
  draft: GoodsDraft;
  /** The line's index in the body sent (undefined while it is marked removed). */
  bodyIndex: number | undefined;
  product: Product | undefined;
  products: readonly Product[];
  images: readonly string[];
  errors: Errors;
  onChange: (change: Partial<GoodsDraft>) => void;
}) {
  const t = useT(staffOrderMessages);
  const { locale } = useLocale();
  const { draft, product, onChange } = props;
  const id = `line-change-${draft.key}`;
  const error = (field: string) =>
    props.bodyIndex === undefined ? undefined : props.errors[`lines.${props.bodyIndex}.${field}`];
  const name = draft.line?.name ?? (product ? productName(locale, product) : t.editAddLine);
  if (draft.removed)
    return (
      <div
        className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3"
        data-testid="line-change-removed"
      >
        <p className="text-sm text-slate-700 line-through">{t.editRemovedLine({ name })}</p>
        <Button type="button" variant="secondary" size="sm" onClick={() => onChange({ removed: false })}>
          {t.editUndoRemove}
        </Button>
      </div>
    );
  return (
    <fieldset className="space-y-3 border-t border-slate-100 pt-3" data-testid="line-change-line">
      <legend className="text-sm font-semibold text-slate-900">{name}</legend>
      {draft.line === undefined && (
        <Field id={`${id}-product`} label={t.editProduct} error={error('productId')}>
          {(control) => (
            <select
              {...control}
              value={draft.productId}
              onChange={(event) =>
                onChange(
                  withProduct(
                    draft,
                    props.products.find((p) => p.id === event.target.value),
                  ),
                )
              }
            >
              <option value="">{t.editChoose}</option>
              {props.products.map((p) => (
                <option key={p.id} value={p.id}>
                  {productName(locale, p)}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <QuantityAndPrice id={id} draft={draft} error={error} onChange={onChange} />
      {product && (product.options ?? []).length > 0 && (
        // The product's choices (colour, pages, …); the server checks them as the checkout does.
        <StaffOptionSelects
          id={id}
          options={product.options ?? []}
          value={draft.options}
          onChange={(options) => onChange({ options })}
          error={(option) => error(`options.${option}`)}
          placeholder={t.editChoose}
          placeholderDisabled
        />
      )}
      {draft.sizes && (
        <SizeSplitEditor
          productName={name}
          quantity={countOf(draft.quantity) || 0}
          sizes={draft.sizes}
          {...(product ? { codes: productSizeCodes(product) } : {})}
          onChange={(sizes) => onChange({ sizes })}
        />
      )}
      {draft.line?.customisation && product?.customiser && (
        <PrintsFields
          id={id}
          prints={draft.prints}
          sides={product.customiser.availableSides.map((side) => side.id)}
          images={props.images}
          locale={locale}
          onChange={(prints) => onChange({ prints })}
        />
      )}
      <Button type="button" variant="danger-outline" size="sm" onClick={() => onChange({ removed: true })}>
        {t.editRemoveLine}
      </Button>
    </fieldset>
  );
}

function QuantityAndPrice(props: {
  id: string;
  draft: GoodsDraft;
  error: (field: string) => string | undefined;
  onChange: (change: Partial<GoodsDraft>) => void;
}) {
  const t = useT(staffOrderMessages);
  const { id, draft, error, onChange } = props;
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <Field id={`${id}-quantity`} label={t.editQuantity} error={error('quantity')}>
        {(control) => (
          <input
            {...control}
            inputMode="numeric"
            autoComplete="off"
            value={draft.quantity}
            onChange={(event) => onChange({ quantity: event.target.value.slice(0, 7) })}
          />
        )}
      </Field>
      <Field id={`${id}-price`} label={t.editUnitPrice} hint={t.editUnitPriceHint} error={error('unitPrice')}>
        {(control) => (
          <input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            value={draft.unitPrice}
            onChange={(event) => onChange({ unitPrice: event.target.value.slice(0, 20) })}
          />
        )}
      </Field>
      {draft.unitPrice.trim() !== '' && (
        <Field id={`${id}-price-reason`} label={t.editPriceReason} error={error('reason')}>
          {(control) => (
            <input
              {...control}
              autoComplete="off"
              value={draft.priceReason}
              onChange={(event) => onChange({ priceReason: event.target.value.slice(0, 300) })}
            />
          )}
        </Field>
      )}
    </div>
  );
}

/** A designed line's prints: each print's method changed or the print removed; a print added. */
function PrintsFields(props: {
  id: string;
  prints: readonly PrintPlacement[];
  sides: readonly PrintSide[];
  images: readonly string[];
  locale: Locale;
  onChange: (prints: PrintPlacement[]) => void;
}) {
  const t = useT(staffOrderMessages);
  const { id, prints, locale } = props;
  const sideLabel = (side: PrintSide) => printSideLabels[locale][side];
  const methodLabel = (method: PrintMethod) => printMethodLabels[locale][method];
  const replace = (index: number, print: PrintPlacement | undefined) =>
    props.onChange(prints.flatMap((p, i) => (i !== index ? [p] : print ? [print] : [])));
  return (
    <fieldset className="space-y-2" data-testid="line-change-prints">
      <legend className="text-sm font-semibold text-slate-800">{t.editPrints}</legend>
      {prints.length === 0 && <p className="text-sm text-slate-600">{t.editNoPrints}</p>}
      <ul className="space-y-2">
        {prints.map((print, index) => {
          const named = `${sideLabel(print.side)} · ${methodLabel(print.method)}`;
          return (
            <li key={index} className="flex flex-wrap items-end gap-2" data-testid="line-change-print">
              <span className="min-w-24 pb-2 text-sm font-semibold text-slate-900">
                {sideLabel(print.side)}
              </span>
              <Field id={`${id}-print-${index}-method`} label={t.editPrintMethod}>
                {(control) => (
                  <select
                    {...control}
                    value={print.method}
                    onChange={(event) =>
                      replace(index, { ...print, method: event.target.value as PrintMethod })
                    }
                  >
                    {printMethodIds.map((method) => (
                      <option key={method} value={method}>
                        {methodLabel(method)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Button type="button" variant="secondary" size="sm" onClick={() => replace(index, undefined)}>
                {t.editRemovePrint({ print: named })}
              </Button>
            </li>
          );
        })}
      </ul>
      {props.images.length > 0 && (
        <AddPrint
          id={id}
          sides={props.sides}
          images={props.images}
          locale={locale}
          onAdd={(p) => props.onChange([...prints, p])}
        />
      )}
    </fieldset>
  );
}

/** A new print: a side the product has, a method, one of the order's images. */
function AddPrint(props: {
  id: string;
  sides: readonly PrintSide[];
  images: readonly string[];
  locale: Locale;
  onAdd: (print: PrintPlacement) => void;
}) {
  const t = useT(staffOrderMessages);
  const [side, setSide] = useState<PrintSide>(props.sides[0] ?? 'front');
  const [method, setMethod] = useState<PrintMethod>('dtg');
  const [image, setImage] = useState(props.images[0] ?? '');
  const { id, locale } = props;
  return (
    <div className="flex flex-wrap items-end gap-2" data-testid="line-change-add-print">
      <Field id={`${id}-new-side`} label={t.editPrintSide}>
        {(control) => (
          <select {...control} value={side} onChange={(event) => setSide(event.target.value as PrintSide)}>
            {props.sides.map((s) => (
              <option key={s} value={s}>
                {printSideLabels[locale][s]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${id}-new-method`} label={t.editPrintMethod}>
        {(control) => (
          <select
            {...control}
            value={method}
            onChange={(event) => setMethod(event.target.value as PrintMethod)}
          >
            {printMethodIds.map((m) => (
              <option key={m} value={m}>
                {printMethodLabels[locale][m]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {props.images.length > 1 && (
        <Field id={`${id}-new-image`} label={t.editPrintImage}>
          {(control) => (
            <select {...control} value={image} onChange={(event) => setImage(event.target.value)}>
              {props.images.map((upload, index) => (
                <option key={upload} value={upload}>
                  {t.editImageN({ n: index + 1 })}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {image !== '' && (
        <img
          src={`/api/uploads/${encodeURIComponent(image)}`}
          alt={t.editImageN({ n: props.images.indexOf(image) + 1 })}
          className="size-11 rounded-md bg-slate-100 object-contain ring-1 ring-slate-200"
        />
      )}
      <Button
        type="button"
        variant="secondary"
        size="sm"
        onClick={() => props.onAdd(newPrint(side, method, image))}
      >
        {t.editAddPrint}
      </Button>
    </div>
  );
}

/** The order's free lines (like a quote's): text, quantity, unit price. */
export function FreeLinesFields(props: {
  free: readonly FreeDraft[];
  errors: Errors;
  onChange: (index: number, change: Partial<FreeDraft>) => void;
}) {
  const t = useT(staffOrderMessages);
  if (props.free.length === 0) return null;
  const fields: { key: keyof FreeDraft; label: string; max: number; inputMode?: 'numeric' | 'decimal' }[] = [
    { key: 'description', label: t.editDescription, max: 200 },
    { key: 'quantity', label: t.editQuantity, max: 7, inputMode: 'numeric' },
    { key: 'unitPrice', label: t.editUnitPrice, max: 20, inputMode: 'decimal' },
  ];
  const suffix = { description: 'text', quantity: 'quantity', unitPrice: 'price' } as const;
  return (
    <fieldset className="space-y-3 border-t border-slate-100 pt-3">
      <legend className="text-sm font-semibold text-slate-900">{t.editFreeLines}</legend>
      {props.free.map((line, index) => (
        <div key={index} className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
          {fields.map((field) => (
            <Field
              key={field.key}
              id={`line-change-free-${index}-${suffix[field.key]}`}
              label={field.label}
              error={props.errors[`freeLines.${index}.${field.key}`]}
            >
              {(control) => (
                <input
                  {...control}
                  {...(field.inputMode ? { inputMode: field.inputMode } : {})}
                  value={line[field.key]}
                  onChange={(event) =>
                    props.onChange(index, { [field.key]: event.target.value.slice(0, field.max) })
                  }
                />
              )}
            </Field>
          ))}
        </div>
      ))}
    </fieldset>
  );
}

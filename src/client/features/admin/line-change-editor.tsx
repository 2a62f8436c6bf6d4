import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { SizeSplitEditor } from '@/client/components/size-split-editor';
import { ApiError } from '@/client/lib/api';
import { useLocale, useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import type { AdminOrderDetail, AdminOrderLine } from '@/shared/admin';
import { formatDateTime } from '@/shared/dates';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { staffOrderMessages } from '@/shared/i18n/messages/staff-orders';
import { formatCount, formatKrDecimal } from '@/shared/money-format';
import { formatSplit, type SizeSplit } from '@/shared/sizes';
import { VAT_RATE_PERCENT } from '@/shared/vat-rate';
import {
  adminKeys,
  changeOrderLines,
  previewLineChange,
  type LineChangeBody,
  type LineChangePreview,
} from './admin-api';
import { useMay } from './staff-context';

/**
 * The order's lines changed by staff before production (issue 41): quantities, the size split, a
 * negotiated unit price with its reason, free lines. Staff see what saving would cost (the server's
 * preview: the difference and the document that settles it) before they save; the server prices
 * and checks everything, refusing with the checkout's own messages.
 */

interface GoodsDraft {
  line: AdminOrderLine;
  quantity: string;
  sizes: SizeSplit | undefined;
  unitPrice: string;
  priceReason: string;
}

interface FreeDraft {
  description: string;
  quantity: string;
  unitPrice: string;
}

/** The order's goods lines and free lines as the form starts from them (fees stay with their files). */
function draftOf(order: AdminOrderDetail): { goods: GoodsDraft[]; free: FreeDraft[] } {
  const goods = order.items
    .filter((line) => line.fee === undefined && line.quoted !== 'free')
    .map((line) => ({
      line,
      quantity: String(line.quantity),
      sizes: line.sizes ? { ...line.sizes } : undefined,
      unitPrice: line.quoted === 'negotiated' ? line.unitPrice : '',
      priceReason: '',
    }));
  const free = order.items
    .filter((line) => line.quoted === 'free')
    .map((line) => ({ description: line.name, quantity: String(line.quantity), unitPrice: line.unitPrice }));
  return { goods, free };
}

/** A count as typed; anything but digits is sent as it is so the server's message names it. */
const countOf = (text: string) => (/^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

function bodyOf(goods: readonly GoodsDraft[], free: readonly FreeDraft[], reason: string): LineChangeBody {
  return {
    lines: goods.map(({ line, quantity, sizes, unitPrice, priceReason }) => {
      const split = sizes
        ? Object.fromEntries(Object.entries(sizes).filter(([, n]) => (n ?? 0) > 0))
        : undefined;
      return {
        productId: line.productId,
        quantity: countOf(quantity),
        ...(split ? { sizes: split } : {}),
        ...(line.options ? { options: { ...line.options } } : {}),
        ...(line.customisation ? { customisation: line.customisation } : {}),
        ...(line.notes ? { notes: line.notes } : {}),
        ...(line.group ? { group: line.group } : {}),
        ...(unitPrice.trim() !== ''
          ? { unitPrice: unitPrice.trim().replace(',', '.'), reason: priceReason }
          : {}),
      };
    }),
    freeLines: free.map((line) => ({
      description: line.description,
      quantity: countOf(line.quantity),
      unitPrice: line.unitPrice.trim().replace(',', '.'),
      vatRate: VAT_RATE_PERCENT,
    })),
    reason,
  };
}

/** What saving would do, in words: the totals and the document that settles the difference. */
function PreviewText({ preview }: { preview: LineChangePreview }) {
  const t = useT(staffOrderMessages);
  const amount = formatKrDecimal(preview.difference.replace('-', ''));
  return (
    <div
      className="rounded-lg bg-sky-50 p-3 text-sm text-sky-950"
      data-testid="line-change-preview"
      aria-live="polite"
    >
      <p className="font-semibold">{t.editPreviewHeading}</p>
      <ul className="mt-1 list-disc pl-5">
        {preview.lines
          .filter((line) => line.fee === undefined)
          .map((line, index) => (
            <li key={index}>
              {formatCount(line.quantity)} × {line.name}
              {line.sizes ? ` (${formatSplit(line.sizes)})` : ''} · {formatKrDecimal(line.lineTotal)}
            </li>
          ))}
      </ul>
      <p className="mt-2">
        {t.editTotals({
          before: formatKrDecimal(preview.totalBefore),
          after: formatKrDecimal(preview.totalAfter),
        })}
      </p>
      <p className="font-semibold" data-testid="line-change-settled-by" data-settled-by={preview.settledBy}>
        {preview.settledBy === 'supplementary_invoice'
          ? t.editSupplementary({ amount })
          : preview.settledBy === 'credit_note'
            ? t.editCredit({ amount })
            : t.editNoDocument}
      </p>
    </div>
  );
}

function LineChangeForm({ order, onClose }: { order: AdminOrderDetail; onClose: () => void }) {
  const t = useT(staffOrderMessages);
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const [start] = useState(() => draftOf(order));
  const [goods, setGoods] = useState(start.goods);
  const [free, setFree] = useState(start.free);
  const [reason, setReason] = useState('');
  const [preview, setPreview] = useState<LineChangePreview | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const refused = (error: Error) => {
    setPreview(null);
    setErrors(error instanceof ApiError ? { _: error.message, ...error.fieldErrors } : { _: error.message });
  };
  const previewing = useMutation({
    mutationFn: (body: LineChangeBody) => previewLineChange(order.orderNumber, body, locale),
    onSuccess: (answer) => {
      setErrors({});
      setPreview(answer);
    },
    onError: refused,
  });
  const saving = useMutation({
    mutationFn: (body: LineChangeBody) => changeOrderLines(order.orderNumber, body, locale),
    onSuccess: (answer) => {
      queryClient.setQueryData(adminKeys.order(order.orderNumber, locale), answer);
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      notify.success(t.editSaved({ number: order.orderNumber }));
      onClose();
    },
    onError: refused,
  });
  // Any edit makes the shown difference stale: it is asked again before saving.
  const edited = () => setPreview(null);
  const updateGoods = (index: number, change: Partial<GoodsDraft>) => {
    edited();
    setGoods((all) => all.map((line, i) => (i === index ? { ...line, ...change } : line)));
  };
  const updateFree = (index: number, change: Partial<FreeDraft>) => {
    edited();
    setFree((all) => all.map((line, i) => (i === index ? { ...line, ...change } : line)));
  };
  const body = () => bodyOf(goods, free, reason);
  // Errors the fields below do not show themselves (the split's, the options', the whole order's).
  const shownByFields = (key: string) =>
    /^lines\.\d+\.(quantity|unitPrice|reason)$/.test(key) ||
    /^freeLines\.\d+\.(description|quantity|unitPrice)$/.test(key) ||
    key === 'reason';
  const otherErrors = Object.entries(errors).filter(([key]) => key !== '_' && !shownByFields(key));

  return (
    <form
      aria-labelledby="line-change-heading"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-3 sm:p-4"
      data-testid="line-change-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (preview) saving.mutate(body());
        else previewing.mutate(body());
      }}
    >
      <h4 id="line-change-heading" className="text-base font-bold text-slate-900">
        {t.editHeading}
      </h4>
      <p className="text-sm text-slate-700">{t.editNote}</p>
      {errors['_'] && (
        <div
          role="alert"
          className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800"
          data-testid="line-change-error"
        >
          <p>
            {t.editRefused} {errors['_']}
          </p>
          {otherErrors.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {otherErrors.map(([key, message]) => (
                <li key={key}>{message}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {goods.map((draft, index) => {
        const id = `line-change-${index}`;
        return (
          <fieldset
            key={index}
            className="space-y-3 border-t border-slate-100 pt-3"
            data-testid="line-change-line"
          >
            <legend className="text-sm font-semibold text-slate-900">{draft.line.name}</legend>
            <div className="grid gap-3 sm:grid-cols-3">
              <Field id={`${id}-quantity`} label={t.editQuantity} error={errors[`lines.${index}.quantity`]}>
                {(control) => (
                  <input
                    {...control}
                    inputMode="numeric"
                    autoComplete="off"
                    value={draft.quantity}
                    onChange={(event) => updateGoods(index, { quantity: event.target.value.slice(0, 7) })}
                  />
                )}
              </Field>
              <Field
                id={`${id}-price`}
                label={t.editUnitPrice}
                hint={t.editUnitPriceHint}
                error={errors[`lines.${index}.unitPrice`]}
              >
                {(control) => (
                  <input
                    {...control}
                    inputMode="decimal"
                    autoComplete="off"
                    value={draft.unitPrice}
                    onChange={(event) => updateGoods(index, { unitPrice: event.target.value.slice(0, 20) })}
                  />
                )}
              </Field>
              {draft.unitPrice.trim() !== '' && (
                <Field
                  id={`${id}-price-reason`}
                  label={t.editPriceReason}
                  error={errors[`lines.${index}.reason`]}
                >
                  {(control) => (
                    <input
                      {...control}
                      autoComplete="off"
                      value={draft.priceReason}
                      onChange={(event) =>
                        updateGoods(index, { priceReason: event.target.value.slice(0, 300) })
                      }
                    />
                  )}
                </Field>
              )}
            </div>
            {draft.sizes && (
              <SizeSplitEditor
                productName={draft.line.name}
                quantity={countOf(draft.quantity) || 0}
                sizes={draft.sizes}
                onChange={(sizes) => updateGoods(index, { sizes })}
              />
            )}
          </fieldset>
        );
      })}
      {free.length > 0 && (
        <fieldset className="space-y-3 border-t border-slate-100 pt-3">
          <legend className="text-sm font-semibold text-slate-900">{t.editFreeLines}</legend>
          {free.map((line, index) => (
            <div key={index} className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
              <Field
                id={`line-change-free-${index}-text`}
                label={t.editDescription}
                error={errors[`freeLines.${index}.description`]}
              >
                {(control) => (
                  <input
                    {...control}
                    value={line.description}
                    onChange={(event) => updateFree(index, { description: event.target.value.slice(0, 200) })}
                  />
                )}
              </Field>
              <Field
                id={`line-change-free-${index}-quantity`}
                label={t.editQuantity}
                error={errors[`freeLines.${index}.quantity`]}
              >
                {(control) => (
                  <input
                    {...control}
                    inputMode="numeric"
                    value={line.quantity}
                    onChange={(event) => updateFree(index, { quantity: event.target.value.slice(0, 7) })}
                  />
                )}
              </Field>
              <Field
                id={`line-change-free-${index}-price`}
                label={t.editUnitPrice}
                error={errors[`freeLines.${index}.unitPrice`]}
              >
                {(control) => (
                  <input
                    {...control}
                    inputMode="decimal"
                    value={line.unitPrice}
                    onChange={(event) => updateFree(index, { unitPrice: event.target.value.slice(0, 20) })}
                  />
                )}
              </Field>
            </div>
          ))}
        </fieldset>
      )}
      <Field id="line-change-reason" label={t.editReason} error={errors['reason']}>
        {(control) => (
          <input
            {...control}
            autoComplete="off"
            value={reason}
            onChange={(event) => {
              edited();
              setReason(event.target.value.slice(0, 300));
            }}
          />
        )}
      </Field>
      {preview && <PreviewText preview={preview} />}
      <div className="flex flex-wrap gap-2">
        {preview ? (
          <Button type="submit" variant="primary" size="sm" disabled={saving.isPending}>
            {t.editSave}
          </Button>
        ) : (
          <Button type="submit" variant="primary" size="sm" disabled={previewing.isPending}>
            {t.editPreview}
          </Button>
        )}
        <Button type="button" variant="secondary" size="sm" onClick={onClose}>
          {t.editCancel}
        </Button>
      </div>
    </form>
  );
}

/** The changes already made, oldest first: when, why, the totals and the documents that settled them. */
function LineChangeHistory({ order }: { order: AdminOrderDetail }) {
  const t = useT(staffOrderMessages);
  const dateTag = dateLocaleTag[useLocale().locale];
  if (order.lineChanges.length === 0) return null;
  return (
    <div data-testid="line-change-history">
      <h4 className="text-sm font-semibold text-slate-900">{t.historyHeading}</h4>
      <ol className="mt-1 space-y-1 text-sm text-slate-700">
        {order.lineChanges.map((change) => (
          <li key={change.at}>
            {t.historyEntry({ date: formatDateTime(change.at, dateTag), reason: change.reason })}
            <span className="block pl-4 text-slate-600">
              {t.editTotals({
                before: formatKrDecimal(change.totalBefore),
                after: formatKrDecimal(change.totalAfter),
              })}{' '}
              {change.documents.length > 0
                ? t.historyDocuments({ documents: change.documents.join(', ') })
                : t.editNoDocument}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The editor's button (money roles, before production) and the change history (money view). */
export function LineChangeSection({ order }: { order: AdminOrderDetail }) {
  const t = useT(staffOrderMessages);
  const mayChange = useMay('money') && order.status === 'pending';
  const [open, setOpen] = useState(false);
  if (!mayChange && order.lineChanges.length === 0) return null;
  return (
    <div className="mt-3 space-y-3">
      <LineChangeHistory order={order} />
      {mayChange &&
        (open ? (
          <LineChangeForm order={order} onClose={() => setOpen(false)} />
        ) : (
          <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
            {t.editButton}
          </Button>
        ))}
    </div>
  );
}

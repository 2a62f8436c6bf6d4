import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { ApiError } from '@/client/lib/api';
import { useCatalogue } from '@/client/lib/catalogue';
import { useLocale, useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import type { AdminOrderDetail } from '@/shared/admin';
import { formatDateTime } from '@/shared/dates';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { productName } from '@/shared/i18n/messages/product-names';
import { staffOrderMessages } from '@/shared/i18n/messages/staff-orders';
import { formatCount, formatKrDecimal } from '@/shared/money-format';
import { formatSplit } from '@/shared/sizes';
import {
  adminKeys,
  changeOrderLines,
  previewLineChange,
  type LineChangeBody,
  type LineChangePreview,
} from '@/client/features/admin/admin-api';
import {
  bodyIndexOf,
  bodyOf,
  draftOf,
  newGoodsDraft,
  orderImages,
  type FreeDraft,
  type GoodsDraft,
} from './line-change-draft';
import { FreeLinesFields, GoodsLineFields } from './line-change-lines';
import { useMay } from '@/client/features/admin/staff/staff-context';

/**
 * The order's lines changed by staff before production (issue 41): quantities, the size split,
 * options, prints, a negotiated unit price with its reason, lines added and removed, free lines.
 * Staff see what saving would cost (the server's preview: the difference and the document that
 * settles it) before they save; the server prices and checks everything, refusing with the
 * checkout's own messages.
 */

/** What saving would do, in words: the totals and the document that settles the difference. */
function PreviewText({ preview }: { preview: LineChangePreview }) {
  const t = useT(staffOrderMessages);
  const { locale } = useLocale();
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
              {formatCount(line.quantity)} ×{' '}
              {productName(locale, { id: line.productId, name: line.name, names: line.names })}
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

/** The form's state, the server's preview and save, and the errors they answered. */
function useLineChangeForm(order: AdminOrderDetail, onClose: () => void) {
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
  return {
    goods,
    free,
    reason,
    preview,
    errors,
    previewing,
    saving,
    updateGoods: (key: number, change: Partial<GoodsDraft>) => {
      edited();
      setGoods((all) => all.map((line) => (line.key === key ? { ...line, ...change } : line)));
    },
    addGoods: () => {
      edited();
      setGoods((all) => [...all, newGoodsDraft()]);
    },
    updateFree: (index: number, change: Partial<FreeDraft>) => {
      edited();
      setFree((all) => all.map((line, i) => (i === index ? { ...line, ...change } : line)));
    },
    updateReason: (text: string) => {
      edited();
      setReason(text);
    },
    submit: () => {
      const body = bodyOf(goods, free, reason);
      if (preview) saving.mutate(body);
      else previewing.mutate(body);
    },
  };
}

/** Errors the fields do not show themselves (the split's, a design's, the whole order's). */
const shownByFields = (key: string) =>
  /^lines\.\d+\.(quantity|unitPrice|reason|productId|options\.[a-zA-Z]+)$/.test(key) ||
  /^freeLines\.\d+\.(description|quantity|unitPrice)$/.test(key) ||
  key === 'reason';

function RefusalSummary({ errors }: { errors: Readonly<Record<string, string>> }) {
  const t = useT(staffOrderMessages);
  if (!errors['_']) return null;
  const others = Object.entries(errors).filter(([key]) => key !== '_' && !shownByFields(key));
  return (
    <div
      role="alert"
      className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800"
      data-testid="line-change-error"
    >
      <p>
        {t.editRefused} {errors['_']}
      </p>
      {others.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {others.map(([key, message]) => (
            <li key={key}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

function LineChangeForm({ order, onClose }: { order: AdminOrderDetail; onClose: () => void }) {
  const t = useT(staffOrderMessages);
  const form = useLineChangeForm(order, onClose);
  const catalogue = useCatalogue();
  const [images] = useState(() => orderImages(order));
  const { goods, errors, preview } = form;
  return (
    <form
      aria-labelledby="line-change-heading"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-3 sm:p-4"
      data-testid="line-change-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.submit();
      }}
    >
      <h4 id="line-change-heading" className="text-base font-bold text-slate-900">
        {t.editHeading}
      </h4>
      <p className="text-sm text-slate-700">{t.editNote}</p>
      <RefusalSummary errors={errors} />
      {goods.map((draft, index) => (
        <GoodsLineFields
          key={draft.key}
          draft={draft}
          bodyIndex={bodyIndexOf(goods, index)}
          product={catalogue.find((product) => product.id === draft.productId)}
          products={catalogue}
          images={images}
          errors={errors}
          onChange={(change) => form.updateGoods(draft.key, change)}
        />
      ))}
      <Button type="button" variant="secondary" size="sm" onClick={form.addGoods}>
        {t.editAddLine}
      </Button>
      <FreeLinesFields free={form.free} errors={errors} onChange={form.updateFree} />
      <Field id="line-change-reason" label={t.editReason} error={errors['reason']}>
        {(control) => (
          <input
            {...control}
            autoComplete="off"
            value={form.reason}
            onChange={(event) => form.updateReason(event.target.value.slice(0, 300))}
          />
        )}
      </Field>
      {preview && <PreviewText preview={preview} />}
      <div className="flex flex-wrap gap-2">
        {preview ? (
          <Button type="submit" variant="primary" size="sm" disabled={form.saving.isPending}>
            {t.editSave}
          </Button>
        ) : (
          <Button type="submit" variant="primary" size="sm" disabled={form.previewing.isPending}>
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

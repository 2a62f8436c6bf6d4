import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { categoryIds, type CategoryId } from '@/shared/catalogue';
import { bodyOf, draftOf, emptyDraft, type Draft } from './catalogue-draft';
import {
  ChoicesSection,
  DesignSection,
  FactsSection,
  ImageField,
  OwnColoursSection,
  SizeSetField,
} from './catalogue-fields';
import { PersonalisationPriceFields } from './catalogue-personalisation';
import { ShopColoursSection, TiersSection } from './catalogue-tiers';
import type { ProductRecord } from '@/shared/catalogue-record';
import { priceForInput } from '@/shared/catalogue-schema';
import { formatDateTime } from '@/shared/dates';
import { catalogueAdminMessages } from '@/shared/i18n/messages/catalogue-admin';
import { layoutMessages } from '@/shared/i18n/messages/layout';
import { dateLocaleTag, type Locale } from '@/shared/i18n/locale';
import type { AuditEvent } from '@/shared/staff';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { apiFetch, ApiError } from '@/client/lib/api';
import { useLocale, useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { historyChanges } from './catalogue-history';
import { ColumnHeads, type Column } from '@/client/components/ui/column-heads';

const productsKey = ['admin', 'products'] as const;
const historyKey = (id: string) => ['admin', 'products', id, 'history'] as const;

/** The editor's draft and its saving: a POST for a new product, a PUT for an existing one. */
function useProductEditor(original: ProductRecord | undefined, onDone: () => void) {
  const t = useT(catalogueAdminMessages);
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => (original ? draftOf(original) : emptyDraft()));
  const adding = original === undefined;
  const mutation = useMutation({
    mutationFn: (body: unknown) =>
      adding
        ? apiFetch<ProductRecord>('/api/admin/products', { method: 'POST', json: body })
        : apiFetch<ProductRecord>(`/api/admin/products/${encodeURIComponent(draft.id)}`, {
            method: 'PUT',
            json: body,
          }),
    onSuccess: () => {
      notify.success(adding ? t.added : t.saved);
      void queryClient.invalidateQueries({ queryKey: productsKey });
      onDone();
    },
  });
  const errors = mutation.error instanceof ApiError ? mutation.error.fieldErrors : {};
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(bodyOf(draft, original));
  };
  return { draft, set, adding, mutation, errors, submit };
}

function ProductEditor(props: { original: ProductRecord | undefined; onDone: () => void }) {
  const t = useT(catalogueAdminMessages);
  const labels = useT(layoutMessages);
  const id = useId();
  const { draft, set, adding, mutation, errors, submit } = useProductEditor(props.original, props.onDone);
  const text = (field: 'names' | 'descriptions', lang: Locale, label: string, multiline = false) => (
    <Field id={`${id}-${field}-${lang}`} label={label} error={errors[`${field}.${lang}`] ?? errors[field]}>
      {(control) =>
        multiline ? (
          <textarea
            {...control}
            rows={3}
            value={draft[field][lang]}
            onChange={(e) => set({ [field]: { ...draft[field], [lang]: e.target.value } })}
          />
        ) : (
          <input
            {...control}
            value={draft[field][lang]}
            onChange={(e) => set({ [field]: { ...draft[field], [lang]: e.target.value } })}
          />
        )
      }
    </Field>
  );
  return (
    <form onSubmit={submit} className="space-y-5 p-4" aria-label={adding ? t.addProduct : t.edit} noValidate>
      {adding && (
        <Field id={`${id}-id`} label={t.productId} hint={t.productIdHint} error={errors.id}>
          {(control) => <input {...control} value={draft.id} onChange={(e) => set({ id: e.target.value })} />}
        </Field>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('names', 'sv', t.nameSv)}
        {text('names', 'en', t.nameEn)}
        {text('descriptions', 'sv', t.descriptionSv, true)}
        {text('descriptions', 'en', t.descriptionEn, true)}
        <Field id={`${id}-category`} label={t.category} error={errors.category}>
          {(control) => (
            <select
              {...control}
              value={draft.category}
              onChange={(e) => set({ category: e.target.value as CategoryId })}
            >
              {categoryIds.map((category) => (
                <option key={category} value={category}>
                  {labels[category]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <ImageField id={id} draft={draft} set={set} errors={errors} />
      </div>
      <DesignSection id={id} draft={draft} set={set} errors={errors} />
      <SizeSetField id={id} draft={draft} set={set} errors={errors} />
      <PersonalisationPriceFields id={id} draft={draft} set={set} errors={errors} />
      <TiersSection id={id} draft={draft} set={set} errors={errors} />
      <ShopColoursSection id={id} draft={draft} set={set} errors={errors} />
      <OwnColoursSection id={id} draft={draft} set={set} errors={errors} />
      <ChoicesSection id={id} draft={draft} set={set} errors={errors} />
      <FactsSection id={id} draft={draft} set={set} errors={errors} />
      <Field id={`${id}-sort-order`} label={t.sortOrder} hint={t.sortOrderHint} error={errors.sortOrder}>
        {(control) => (
          <input
            {...control}
            inputMode="numeric"
            className={`${control.className ?? ''} sm:max-w-40`}
            value={draft.sortOrder}
            onChange={(e) => set({ sortOrder: e.target.value })}
          />
        )}
      </Field>
      <label className="flex items-center gap-2 text-sm font-semibold text-slate-800">
        <input type="checkbox" checked={draft.visible} onChange={(e) => set({ visible: e.target.checked })} />
        {t.visible}
      </label>
      {mutation.error && !(mutation.error instanceof ApiError && Object.keys(errors).length > 0) && (
        <p role="alert" className="text-sm text-red-700">
          {mutation.error.message}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={mutation.isPending}>
          {t.save}
        </Button>
        <Button type="button" variant="secondary" onClick={props.onDone}>
          {t.back}
        </Button>
      </div>
      {props.original && <ProductHistory id={props.original.id} />}
    </form>
  );
}

function ProductHistory({ id }: { id: string }) {
  const t = useT(catalogueAdminMessages);
  const { locale } = useLocale();
  const history = useQuery({
    queryKey: historyKey(id),
    queryFn: () =>
      apiFetch<{ events: AuditEvent[] }>(`/api/admin/products/${encodeURIComponent(id)}/history`),
  });
  const events = history.data?.events ?? [];
  const historyColumns: Column[] = [
    { label: t.when },
    { label: t.who },
    { label: t.change },
    { label: t.before },
    { label: t.after, className: 'py-1 font-medium' },
  ];
  return (
    <section aria-label={t.history} className="border-t border-slate-200 pt-4">
      <h3 className="text-base font-semibold text-slate-900">{t.history}</h3>
      {events.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t.noHistory}</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <ColumnHeads cellClassName="py-1 pr-3 font-medium" columns={historyColumns} />
            {events.map((event) => {
              const rows = historyChanges(locale, event);
              return (
                <tbody key={event.id} className="border-t border-slate-200 align-top" data-event={event.id}>
                  {rows.map((row, index) => (
                    <tr key={row.field}>
                      {index === 0 && (
                        <>
                          <td rowSpan={rows.length} className="whitespace-nowrap py-1 pr-3">
                            {formatDateTime(event.at, dateLocaleTag[locale])}
                          </td>
                          <td rowSpan={rows.length} className="py-1 pr-3">
                            {event.staff ?? '–'}
                          </td>
                        </>
                      )}
                      <td className="py-1 pr-3 font-medium text-slate-800">{row.field}</td>
                      <td className="py-1 pr-3 tabular-nums text-slate-600">{row.before}</td>
                      <td className="py-1 tabular-nums text-slate-900">{row.after}</td>
                    </tr>
                  ))}
                </tbody>
              );
            })}
          </table>
        </div>
      )}
    </section>
  );
}

/** The owner's catalogue: every product (hidden ones too), edit one, add one, each one's history. */
export function CataloguePanel() {
  const t = useT(catalogueAdminMessages);
  const labels = useT(layoutMessages);
  const { locale } = useLocale();
  const [editing, setEditing] = useState<string | undefined>();
  const products = useQuery({
    queryKey: productsKey,
    queryFn: () => apiFetch<ProductRecord[]>('/api/admin/products'),
  });
  if (products.isError) return <p className="p-4 text-red-700">{t.loadFailed}</p>;
  const list = products.data ?? [];
  const original = list.find((p) => p.id === editing);
  return (
    <section aria-labelledby="catalogue-title" className="rounded-2xl bg-white ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-3 p-4">
        <div>
          <h2 id="catalogue-title" className="text-xl font-semibold text-slate-900">
            {editing === undefined
              ? t.title
              : editing === ''
                ? t.addProduct
                : `${t.edit}: ${original?.names[locale] ?? editing}`}
          </h2>
          {editing === undefined && <p className="mt-1 max-w-3xl text-sm text-slate-600">{t.intro}</p>}
        </div>
        {editing === undefined && <Button onClick={() => setEditing('')}>{t.addProduct}</Button>}
      </div>
      {editing !== undefined ? (
        <ProductEditor
          key={editing}
          original={editing === '' ? undefined : original}
          onDone={() => setEditing(undefined)}
        />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th className="px-4 py-2 font-medium">{t.name}</th>
                <th className="px-4 py-2 font-medium">{t.category}</th>
                <th className="px-4 py-2 font-medium">{t.minimum}</th>
                <th className="px-4 py-2 font-medium">{t.fromPrice}</th>
                <th className="px-4 py-2 font-medium">{t.status}</th>
                <th className="px-4 py-2">
                  <span className="sr-only">{t.edit}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((product) => (
                <tr key={product.id} className="border-t border-slate-100" data-product={product.id}>
                  <td className="px-4 py-2 font-medium text-slate-900">{product.names[locale]}</td>
                  <td className="px-4 py-2">{labels[product.category]}</td>
                  <td className="px-4 py-2 tabular-nums">{product.minQuantity}</td>
                  <td className="px-4 py-2 tabular-nums">
                    {product.tiers[0] ? `${priceForInput(product.tiers[0].pricePerUnit)} kr` : ''}
                  </td>
                  <td className="px-4 py-2">{product.visible ? t.visible : t.hidden}</td>
                  <td className="px-4 py-2 text-right">
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setEditing(product.id)}
                      aria-label={`${t.edit} ${product.names[locale]}`}
                    >
                      {t.edit}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

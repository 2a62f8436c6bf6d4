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
import { catalogueAdminMessages } from '@/shared/i18n/messages/catalogue-admin';
import { layoutMessages } from '@/shared/i18n/messages/layout';
import type { Locale } from '@/shared/i18n/locale';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { apiFetch, ApiError } from '@/client/lib/api';
import { useLocale, useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { ProductHistory } from './product-history';
import { ColumnHeads, type Column } from '@/client/components/ui/column-heads';
import { RowButton } from '@/client/components/ui/row-button';

const productsKey = ['admin', 'products'] as const;

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
  const productColumns: Column[] = [
    { label: t.name },
    { label: t.category },
    { label: t.minimum },
    { label: t.fromPrice },
    { label: t.status },
    { label: <span className="sr-only">{t.edit}</span>, className: 'px-4 py-2' },
  ];
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
            <ColumnHeads
              className="bg-slate-50 text-slate-700"
              cellClassName="px-4 py-2 font-medium"
              columns={productColumns}
            />
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
                    <RowButton
                      label={t.edit}
                      rowName={product.names[locale]}
                      onClick={() => setEditing(product.id)}
                    />
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

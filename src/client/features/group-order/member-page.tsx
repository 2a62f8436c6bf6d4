import { useEffect, useId, useState, type FormEvent } from 'react';
import { findProduct } from '@/shared/catalogue';
import { formatDate } from '@/shared/dates';
import {
  MAX_ENTRY_QUANTITY,
  MAX_MEMBER_NAME,
  MAX_PRINT_NAME,
  MAX_PRINT_NUMBER,
  type GroupEntryView,
  type GroupOrderView,
} from '@/shared/group-orders';
import { groupOrderMessages } from '@/shared/i18n/messages/group-orders';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { milliFromDecimal } from '@/shared/money';
import { productSizeCodes, sizeCodes } from '@/shared/sizes';
import { ProductFacts } from '@/client/components/product-facts';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { useLocale, useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { useCurrency } from '@/client/state/currency-context';
import { addEntry, changeEntry, fetchGroup, fetchOwnEntry, removeEntry, type EntryFields } from './group-api';
import { GroupDesign } from './group-design';
import { useSending } from './use-sending';
import { CopyLink } from './copy-link';

type Loaded = { group: GroupOrderView; entry?: GroupEntryView } | 'missing';

/**
 * The share link's page, on a phone without an account: the design, and the member's name, size,
 * quantity and (when the group prints them) name and number. An edit link (?entry=) opens the
 * member's own entry to change or remove it until the last day.
 */
export function MemberPage({
  id,
  token,
  entryId,
}: {
  id: string;
  token: string;
  entryId: string | undefined;
}) {
  const t = useT(groupOrderMessages);
  const [loaded, setLoaded] = useState<Loaded>();
  useEffect(() => {
    const load = entryId
      ? fetchOwnEntry(id, entryId, token).then((own) => ({ group: own.group, entry: own.entry }))
      : fetchGroup(id, token).then((group) => ({ group }));
    load.then(setLoaded, () => setLoaded('missing'));
  }, [id, token, entryId]);

  if (loaded === undefined) return <main id="main" className="min-h-[60vh]" aria-busy="true" />;
  if (loaded === 'missing')
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-10">
        <p role="alert" className="text-slate-800">
          {t.notFound}
        </p>
      </main>
    );
  return <MemberForm id={id} token={token} group={loaded.group} entry={loaded.entry} entryId={entryId} />;
}

type FieldName = 'name' | 'size' | 'quantity' | 'printName' | 'printNumber' | 'email';
type Fields = Record<FieldName, string>;

const blankFields: Fields = { name: '', size: '', quantity: '1', printName: '', printNumber: '', email: '' };

/** The member's form: its fields, sending (a new entry or a change) and removing one's own entry. */
function useEntryForm(
  id: string,
  token: string,
  group: GroupOrderView,
  entry: GroupEntryView | undefined,
  entryId: string | undefined,
) {
  const t = useT(groupOrderMessages);
  const initial: Fields = entry
    ? {
        name: entry.name,
        size: entry.size,
        quantity: String(entry.quantity),
        printName: entry.printName ?? '',
        printNumber: entry.printNumber ?? '',
        email: '',
      }
    : blankFields;
  const [fields, setFields] = useState(initial);
  const { busy, errors, send: run } = useSending({ clearErrors: true });
  const [saved, setSaved] = useState<{ entryId: string; editToken: string }>();
  const [removed, setRemoved] = useState(false);
  const set = (field: FieldName) => (value: string) => setFields((f) => ({ ...f, [field]: value }));

  const body = (): EntryFields => ({
    name: fields.name,
    size: fields.size,
    quantity: Number(fields.quantity),
    ...(group.personalisation.name ? { printName: fields.printName } : {}),
    ...(group.personalisation.number ? { printNumber: fields.printNumber } : {}),
    ...(!entryId && fields.email.trim() !== '' ? { email: fields.email.trim() } : {}),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      if (entryId) {
        await changeEntry(id, entryId, token, body());
        notify.success(t.saved);
      } else {
        setSaved(await addEntry(id, token, body()));
      }
    });
  };

  const remove = () => {
    if (!entryId) return;
    void run(async () => {
      await removeEntry(id, entryId, token);
      setRemoved(true);
    });
  };

  const another = () => {
    setSaved(undefined);
    setFields(blankFields);
  };

  return { fields, set, errors, busy, saved, removed, submit, remove, another };
}

function MemberForm({
  id,
  token,
  group,
  entry,
  entryId,
}: {
  id: string;
  token: string;
  group: GroupOrderView;
  entry: GroupEntryView | undefined;
  entryId: string | undefined;
}) {
  const t = useT(groupOrderMessages);
  const { locale } = useLocale();
  const form = useEntryForm(id, token, group, entry, entryId);
  const date = formatDate(group.closesOn, dateLocaleTag[locale], 'long');
  const header = <MemberHeader group={group} />;

  if (form.removed)
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-8">
        {header}
        <p role="status" className="mt-6 font-medium text-slate-900">
          {t.removed}
        </p>
      </main>
    );

  if (form.saved) {
    const edit = `${window.location.origin}/group/${id}?entry=${form.saved.entryId}&token=${form.saved.editToken}`;
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-8">
        {header}
        <p role="status" className="mt-6 text-lg font-semibold text-emerald-800" data-testid="entry-saved">
          {t.saved}
        </p>
        <CopyLink label={t.editLinkIntro} url={edit} testId="edit-link" />
        <Button type="button" variant="secondary" block className="mt-6" onClick={form.another}>
          {t.another}
        </Button>
      </main>
    );
  }

  if (!group.open)
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-8">
        {header}
        <p role="status" className="mt-6 rounded-lg bg-amber-50 p-4 text-amber-900">
          {t.closedNotice}
        </p>
      </main>
    );

  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-8">
      {header}
      <p className="mt-4 text-slate-800">{t.memberIntro({ closesOn: date })}</p>
      <form onSubmit={form.submit} noValidate className="mt-6 space-y-5">
        {entryId && <h2 className="text-lg font-semibold text-slate-900">{t.yourEntry}</h2>}
        <SizeFields group={group} fields={form.fields} set={form.set} errors={form.errors} />
        <PrintFields
          group={group}
          fields={form.fields}
          set={form.set}
          errors={form.errors}
          newEntry={!entryId}
        />
        <p className="text-sm text-slate-600">{t.privacyNote}</p>
        <Button type="submit" size="xl" block disabled={form.busy} disabledLook="busy">
          {form.busy ? t.sending : entryId ? t.change : t.send}
        </Button>
        {entryId && (
          <Button type="button" variant="danger-outline" block onClick={form.remove} disabled={form.busy}>
            {t.remove}
          </Button>
        )}
      </form>
    </main>
  );
}

/** The group's title, its design and, when the organiser shows it, the unit price. */
function MemberHeader({ group }: { group: GroupOrderView }) {
  const t = useT(groupOrderMessages);
  const { formatUnitPrice } = useCurrency();
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{group.title}</h1>
      <div className="mt-4">
        <GroupDesign line={group.line} />
      </div>
      {group.unitPrice !== undefined && (
        <p className="mt-3 text-sm text-slate-700" data-testid="member-unit-price">
          {t.unitPrice({ price: formatUnitPrice(milliFromDecimal(group.unitPrice)) })}
        </p>
      )}
    </>
  );
}

interface FieldProps {
  group: GroupOrderView;
  fields: Fields;
  set: (field: FieldName) => (value: string) => void;
  errors: Record<string, string>;
}

/**
 * The member's name, size and quantity, and the size chart. The sizes are the product's size set
 * (a kids' garment offers 98/104–158/164, decision 0063), as the server checks them.
 */
function SizeFields({ group, fields, set, errors }: FieldProps) {
  const t = useT(groupOrderMessages);
  const ids = { name: useId(), size: useId(), quantity: useId() };
  const product = findProduct(group.line.productId);
  const sizes = product ? productSizeCodes(product) : sizeCodes;
  return (
    <>
      <Field id={ids.name} label={t.yourName} hint={t.yourNameHint} error={errors.name}>
        {(control) => (
          <input
            {...control}
            name="name"
            autoComplete="name"
            maxLength={MAX_MEMBER_NAME}
            value={fields.name}
            onChange={(event) => set('name')(event.target.value)}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field id={ids.size} label={t.size} error={errors.size}>
          {(control) => (
            <select
              {...control}
              name="size"
              value={fields.size}
              onChange={(event) => set('size')(event.target.value)}
            >
              <option value="">–</option>
              {sizes.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={ids.quantity} label={t.quantity} error={errors.quantity}>
          {(control) => (
            <input
              {...control}
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_ENTRY_QUANTITY}
              value={fields.quantity}
              onChange={(event) => set('quantity')(event.target.value)}
            />
          )}
        </Field>
      </div>
      {product && (
        <details className="rounded-lg border border-slate-200 px-4 py-2">
          <summary className="min-h-11 cursor-pointer py-2 font-medium text-slate-900">{t.sizeChart}</summary>
          <ProductFacts product={product} />
        </details>
      )}
    </>
  );
}

/** The name and number to print (when the group prints them) and, on a new entry, the receipt's address. */
function PrintFields({ group, fields, set, errors, newEntry }: FieldProps & { newEntry: boolean }) {
  const t = useT(groupOrderMessages);
  const ids = { printName: useId(), printNumber: useId(), email: useId() };
  return (
    <>
      {group.personalisation.name && (
        <Field
          id={ids.printName}
          label={t.printName}
          hint={t.printNameHint({ max: MAX_PRINT_NAME })}
          error={errors.printName}
        >
          {(control) => (
            <input
              {...control}
              name="printName"
              maxLength={MAX_PRINT_NAME}
              value={fields.printName}
              onChange={(event) => set('printName')(event.target.value)}
            />
          )}
        </Field>
      )}
      {group.personalisation.number && (
        <Field
          id={ids.printNumber}
          label={t.printNumber}
          hint={t.printNumberHint({ max: MAX_PRINT_NUMBER })}
          error={errors.printNumber}
        >
          {(control) => (
            <input
              {...control}
              name="printNumber"
              inputMode="numeric"
              maxLength={MAX_PRINT_NUMBER}
              value={fields.printNumber}
              onChange={(event) => set('printNumber')(event.target.value)}
            />
          )}
        </Field>
      )}
      {newEntry && (
        <Field id={ids.email} label={t.receiptEmail} hint={t.receiptEmailHint} error={errors.email}>
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              autoComplete="email"
              maxLength={255}
              value={fields.email}
              onChange={(event) => set('email')(event.target.value)}
            />
          )}
        </Field>
      )}
    </>
  );
}

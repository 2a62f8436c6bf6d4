import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { addDays } from '@/shared/dates';
import { stockholmToday } from '@/shared/delivery';
import { MAX_GROUP_DAYS_AHEAD, MAX_GROUP_TITLE, type CreatedGroupOrder } from '@/shared/group-orders';
import { groupOrderMessages } from '@/shared/i18n/messages/group-orders';
import { Button, buttonClass } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { useT } from '@/client/lib/i18n';
import { useCatalogue } from '@/client/lib/catalogue';
import { useCurrency } from '@/client/state/currency-context';
import { readGroupDesign } from '@/client/state/group-design';
import { createGroup } from './group-api';
import { GroupDesign } from './group-design';
import { useSending } from './use-sending';
import { CopyLink } from './copy-link';

/** /group/new: name the group, set its last day and what is printed per garment; get its two links. */
export function StartGroup() {
  const t = useT(groupOrderMessages);
  const { formatUnitPrice } = useCurrency();
  const [design] = useState(readGroupDesign);
  const today = stockholmToday();
  const [title, setTitle] = useState('');
  const [closesOn, setClosesOn] = useState<string>(addDays(today, 14));
  const [printName, setPrintName] = useState(false);
  const [printNumber, setPrintNumber] = useState(false);
  const [showPrice, setShowPrice] = useState(false);
  const { busy, errors, send } = useSending({ clearErrors: false });
  const [created, setCreated] = useState<CreatedGroupOrder>();
  const ids = { title: useId(), closesOn: useId() };
  // The prices per printed name and number are the product's, as the owner keeps them (decision 0072).
  const prices = useCatalogue().find((p) => p.id === design?.productId)?.personalisationPrices;

  if (!design) {
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-10">
        <h1 className="text-2xl font-bold text-slate-900">{t.startHeading}</h1>
        <p className="mt-3 text-slate-700">{t.startGroupHint}</p>
        <Link href="/products?category=kläder" className={buttonClass({ className: 'mt-6' })}>
          {t.design}
        </Link>
      </main>
    );
  }

  if (created) {
    const origin = window.location.origin;
    const share = `${origin}/group/${created.id}?token=${created.shareToken}`;
    const organise = `${origin}/group/${created.id}/organise?token=${created.organiserToken}`;
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-10">
        <h1 className="text-2xl font-bold text-slate-900">{t.createdHeading}</h1>
        <CopyLink label={t.shareLink} hint={t.shareLinkHint} url={share} testId="share-link" />
        <CopyLink label={t.organiserLink} hint={t.organiserLinkHint} url={organise} testId="organiser-link" />
        <a href={organise} className={buttonClass({ size: 'lg', block: true, className: 'mt-8' })}>
          {t.openOrganiser}
        </a>
      </main>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(async () =>
      setCreated(
        await createGroup({
          title,
          closesOn,
          line: design,
          personalisation: {
            name: printName && prices?.name !== undefined,
            number: printNumber && prices?.number !== undefined,
          },
          showPrice,
        }),
      ),
    );
  };

  const checkbox = (label: string, checked: boolean, onChange: (value: boolean) => void, extra?: string) => (
    <label className="flex min-h-11 items-center gap-3 text-slate-800">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-5 rounded border-slate-400"
      />
      <span>
        {label}
        {extra && <span className="ml-2 text-sm text-slate-600">{extra}</span>}
      </span>
    </label>
  );

  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t.startHeading}</h1>
      <p className="mt-2 text-slate-700">{t.startGroupHint}</p>
      <div className="mt-6">
        <GroupDesign line={design} />
      </div>
      <form onSubmit={submit} noValidate className="mt-8 space-y-5">
        <Field id={ids.title} label={t.groupTitle} hint={t.groupTitleHint} error={errors.title}>
          {(control) => (
            <input
              {...control}
              name="title"
              value={title}
              maxLength={MAX_GROUP_TITLE}
              required
              onChange={(event) => setTitle(event.target.value)}
            />
          )}
        </Field>
        <Field id={ids.closesOn} label={t.closesOn} hint={t.closesOnHint} error={errors.closesOn}>
          {(control) => (
            <input
              {...control}
              type="date"
              name="closesOn"
              value={closesOn}
              min={today}
              max={addDays(today, MAX_GROUP_DAYS_AHEAD)}
              onChange={(event) => setClosesOn(event.target.value)}
            />
          )}
        </Field>
        <fieldset className="space-y-1">
          {prices?.name !== undefined &&
            checkbox(
              t.allowName,
              printName,
              setPrintName,
              t.personalisationPrice({ price: formatUnitPrice(prices.name) }),
            )}
          {prices?.number !== undefined &&
            checkbox(
              t.allowNumber,
              printNumber,
              setPrintNumber,
              t.personalisationPrice({ price: formatUnitPrice(prices.number) }),
            )}
          {checkbox(t.showPrice, showPrice, setShowPrice)}
        </fieldset>
        <Button type="submit" size="xl" block disabled={busy} disabledLook="busy">
          {busy ? t.creating : t.create}
        </Button>
      </form>
    </main>
  );
}

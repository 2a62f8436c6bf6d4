import { Trash2 } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { colors, findProduct, type Product } from '@/shared/catalogue';
import { formatDate } from '@/shared/dates';
import type { GroupOrderView } from '@/shared/group-orders';
import { colourName } from '@/shared/i18n/messages/colours';
import { groupOrderMessages } from '@/shared/i18n/messages/group-orders';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { milliFromDecimal } from '@/shared/money';
import { formatCount } from '@/shared/money-format';
import {
  allSizeCodes,
  productSizeCodes,
  sizeCodes,
  type GarmentSizeCode,
  type SizeSplit,
} from '@/shared/sizes';
import { Button, buttonClass } from '@/client/components/ui/button';
import { ApiError } from '@/client/lib/api';
import { useLocale, useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { useCart } from '@/client/state/cart/cart-context';
import { useCurrency } from '@/client/state/currency-context';
import { closeGroup, fetchGroup, removeEntry } from './group-api';
import { GroupDesign } from './group-design';

/** How often the tally is asked again while the page is open (members fill in meanwhile). */
const REFRESH_MS = 15_000;

/**
 * The organiser's private page: the tally live (sizes of the colour, each entry, the total against
 * the tiers), removing entries, and closing the group into one cart line to check out as usual.
 */
export function OrganiserPage({ id, token }: { id: string; token: string }) {
  const t = useT(groupOrderMessages);
  const { locale } = useLocale();
  const [group, setGroup] = useState<GroupOrderView | 'missing'>();

  const load = useCallback(
    () => fetchGroup(id, token).then(setGroup, () => setGroup((g) => (g === undefined ? 'missing' : g))),
    [id, token],
  );
  useEffect(() => {
    void load();
    const timer = window.setInterval(() => void load(), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [load]);
  const actions = useOrganiserActions(id, token, load);

  if (group === undefined) return <main id="main" className="min-h-[60vh]" aria-busy="true" />;
  if (group === 'missing' || group.role !== 'organiser')
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-10">
        <p role="alert">{t.notFound}</p>
      </main>
    );

  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-8">
      <p className="text-sm font-medium text-slate-600">{t.organiserHeading}</p>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{group.title}</h1>
      <p className="mt-1 text-slate-700">
        {t.lastDay({ date: formatDate(group.closesOn, dateLocaleTag[locale], 'long') })} ·{' '}
        <span className="font-medium" data-testid="group-status">
          {group.open ? t.statusOpen : t.statusClosed}
        </span>
      </p>
      <div className="mt-5">
        <GroupDesign line={group.line} />
      </div>
      <Tally group={group} />
      <EntryList group={group} busy={actions.busy} onRemove={(entryId) => void actions.remove(entryId)} />
      <CloseSection
        closed={group.closed}
        busy={actions.busy}
        inCart={actions.inCart}
        onClose={() => void actions.close(group.title)}
      />
    </main>
  );
}

/** Removing an entry and closing the group into the cart, one at a time. */
function useOrganiserActions(id: string, token: string, load: () => Promise<void>) {
  const { dispatch } = useCart();
  const [busy, setBusy] = useState(false);
  const [inCart, setInCart] = useState(false);

  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      notify.error(error.message);
    } finally {
      setBusy(false);
    }
  };

  const remove = (entryId: string) =>
    run(async () => {
      await removeEntry(id, entryId, token);
      await load();
    });

  const close = (title: string) =>
    run(async () => {
      const { lines } = await closeGroup(id, token);
      for (const line of lines) {
        dispatch({
          type: 'add',
          productId: line.productId,
          quantity: line.quantity,
          sizes: line.sizes,
          ...(line.customisation ? { customisation: line.customisation } : {}),
          ...(line.options ? { options: line.options } : {}),
          ...(line.notes ? { notes: line.notes } : {}),
          ...(line.group ? { group: line.group } : {}),
          groupOrder: { id, title },
        });
      }
      setInCart(true);
      await load();
    });

  return { busy, inCart, remove, close };
}

/** Sizes of the colour (the product's size set), the total against the minimum and the tiers. */
function Tally({ group }: { group: GroupOrderView }) {
  const t = useT(groupOrderMessages);
  const { locale } = useLocale();
  const { formatUnitPrice } = useCurrency();
  const product = findProduct(group.line.productId);
  const colourId = group.line.customisation?.color ?? group.line.options?.colour;
  const colour = colours(colourId, locale);
  const quantity = group.quantity ?? 0;
  const price = (decimal: string) => formatUnitPrice(milliFromDecimal(decimal));
  const codes = tallySizes(product, group.sizes);
  return (
    <section className="mt-8 rounded-2xl border border-slate-200 p-4 sm:p-6" aria-labelledby="tally-heading">
      <h2 id="tally-heading" className="text-lg font-semibold text-slate-900">
        {t.tally}
      </h2>
      <h3 className="mt-3 text-sm font-medium text-slate-700">{t.sizesOf({ colour: colour ?? '' })}</h3>
      <div className="overflow-x-auto">
        <table className="mt-2 w-full max-w-md text-center text-sm tabular-nums" data-testid="size-tally">
          <thead>
            <tr className="border-b border-slate-200 text-slate-700">
              {codes.map((code) => (
                <th key={code} scope="col" className="px-1 py-1.5 font-semibold">
                  {code}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              {codes.map((code) => (
                <td key={code} className="px-1 py-1.5 text-slate-900">
                  {group.sizes?.[code] ?? 0}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      <p className="mt-3 text-lg font-semibold text-slate-900" data-testid="group-total">
        {t.totalGarments({ n: formatCount(quantity) })}
      </p>
      {product && quantity < product.minQuantity && (
        <p className="mt-1 text-sm text-amber-900">
          {t.belowMinimum({
            more: formatCount(product.minQuantity - quantity),
            min: formatCount(product.minQuantity),
          })}
        </p>
      )}
      {group.unitPrice !== undefined && (
        <p className="mt-1 text-sm text-slate-700">{t.currentPrice({ price: price(group.unitPrice) })}</p>
      )}
      {group.nextTier && (
        <p className="mt-1 text-sm font-medium text-emerald-800" data-testid="next-tier">
          {t.nextTier({
            more: formatCount(group.nextTier.more),
            tier: formatCount(group.nextTier.quantity),
            price: price(group.nextTier.unitPrice),
          })}
        </p>
      )}
    </section>
  );
}

/**
 * The tally's columns: the product's size set (kids' sizes for a kids' garment), and any size an
 * entry holds beyond it (a product the owner changed since), so no garment is left uncounted.
 */
function tallySizes(product: Product | undefined, sizes: SizeSplit | undefined): GarmentSizeCode[] {
  const set = product ? productSizeCodes(product) : sizeCodes;
  return allSizeCodes.filter((code) => set.includes(code) || (sizes?.[code] ?? 0) > 0);
}

/** Each member's entry, with a button to remove it while the group is not closed. */
function EntryList({
  group,
  busy,
  onRemove,
}: {
  group: GroupOrderView;
  busy: boolean;
  onRemove: (entryId: string) => void;
}) {
  const t = useT(groupOrderMessages);
  return (
    <section className="mt-8" aria-labelledby="entries-heading">
      <h2 id="entries-heading" className="text-lg font-semibold text-slate-900">
        {t.entries}
      </h2>
      {group.entries.length === 0 ? (
        <p className="mt-2 text-slate-700">{t.noEntries}</p>
      ) : (
        <ul
          className="mt-2 divide-y divide-slate-200 rounded-2xl border border-slate-200"
          data-testid="entries"
        >
          {group.entries.map((entry) => (
            <li key={entry.entryId} className="flex items-center gap-3 px-4 py-2.5" data-testid="entry">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-900">{entry.name}</p>
                <p className="text-sm text-slate-700">
                  {entry.size} × {entry.quantity}
                  {(entry.printName ?? entry.printNumber) && (
                    <span className="ml-2 font-mono">
                      {[entry.printName, entry.printNumber].filter(Boolean).join(' ')}
                    </span>
                  )}
                </p>
              </div>
              {!group.closed && (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => onRemove(entry.entryId)}
                  aria-label={t.removeEntryLabel({ name: entry.name })}
                  className="-m-1 rounded-lg p-2.5 text-slate-500 hover:bg-red-50 hover:text-red-700"
                >
                  <Trash2 className="size-5" aria-hidden />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Closing into the cart (again, once closed), or the way to the cart once the line is there. */
function CloseSection({
  closed,
  busy,
  inCart,
  onClose,
}: {
  closed: boolean;
  busy: boolean;
  inCart: boolean;
  onClose: () => void;
}) {
  const t = useT(groupOrderMessages);
  return (
    <section className="mt-8">
      {inCart ? (
        <div role="status" className="rounded-2xl bg-emerald-50 p-4">
          <p className="font-medium text-emerald-900">{t.inCart}</p>
          <Link href="/cart" className={buttonClass({ size: 'lg', className: 'mt-3' })}>
            {t.toCart}
          </Link>
        </div>
      ) : (
        <>
          <p className="text-sm text-slate-700">{t.closeHint}</p>
          <Button type="button" size="xl" block className="mt-3" disabled={busy} onClick={onClose}>
            {closed ? t.addToCartAgain : busy ? t.closing : t.closeAndOrder}
          </Button>
        </>
      )}
    </section>
  );
}

function colours(id: string | undefined, locale: 'sv' | 'en'): string | undefined {
  const colour = colors.find((c) => c.id === id);
  return colour ? colourName(locale, colour.id) : undefined;
}

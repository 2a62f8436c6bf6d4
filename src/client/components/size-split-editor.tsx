import { CheckCircle2, CircleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { sizeMessages } from '@/shared/i18n/messages/sizes';
import { sizeCodes, splitTotal, type GarmentSizeCode, type SizeSplit } from '@/shared/sizes';
import { cn } from '@/client/lib/cn';
import { formatCount } from '@/shared/money-format';
import { useT } from '@/client/lib/i18n';
import { inputLookClass } from '@/client/components/ui/field';

/** What a typed size count means: digits only, empty is 0, anything else is ignored. */
function parseCount(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!/^\d{1,7}$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

export function SplitStatus({ quantity, sizes }: { quantity: number; sizes: SizeSplit | undefined }) {
  const t = useT(sizeMessages);
  const assigned = splitTotal(sizes);
  const ok = assigned === quantity;
  const text = ok
    ? t.done({ quantity: formatCount(quantity) })
    : assigned < quantity
      ? t.left({
          assigned: formatCount(assigned),
          quantity: formatCount(quantity),
          left: formatCount(quantity - assigned),
        })
      : t.over({
          assigned: formatCount(assigned),
          quantity: formatCount(quantity),
          over: formatCount(assigned - quantity),
        });
  return (
    <p
      className={cn(
        'mt-2 flex items-start gap-1.5 text-sm font-medium',
        ok ? 'text-emerald-800' : 'text-amber-900',
      )}
      data-testid="split-status"
      data-complete={ok ? 'true' : 'false'}
    >
      {ok ? (
        <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
      ) : (
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      )}
      <span>{text}</span>
    </p>
  );
}

/**
 * Pieces per size for one garment line (its size set: XS–3XL or children's), with a running check
 * against the quantity.
 * Used by the customiser and by the cart for lines added from a tier page.
 */
export function SizeSplitEditor(props: {
  productName: string;
  quantity: number;
  sizes: SizeSplit | undefined;
  onChange: (sizes: SizeSplit) => void;
  /** The product's sizes (productSizeCodes); adult XS–3XL when not given. */
  codes?: readonly GarmentSizeCode[];
  className?: string;
}) {
  const codes = props.codes ?? sizeCodes;
  const wide = codes.some((code) => code.length > 3);
  const t = useT(sizeMessages);
  const uid = useId();
  const [texts, setTexts] = useState<Partial<Record<GarmentSizeCode, string>>>({});
  const shown = (code: GarmentSizeCode) =>
    texts[code] ?? (props.sizes?.[code] ? String(props.sizes[code]) : '');

  const change = (code: GarmentSizeCode, text: string) => {
    setTexts((all) => ({ ...all, [code]: text }));
    const count = parseCount(text);
    if (count === undefined) return;
    props.onChange({ ...props.sizes, [code]: count });
  };

  return (
    <fieldset className={props.className} data-testid="size-split">
      <legend className="text-sm font-semibold text-slate-900">{t.legend}</legend>
      <p id={`${uid}-help`} className="text-xs text-slate-600">
        {t.help}
      </p>
      <div
        className={cn(
          'mt-2 grid gap-2',
          wide
            ? 'grid-cols-[repeat(auto-fill,minmax(4rem,1fr))] sm:grid-cols-6'
            : 'grid-cols-[repeat(auto-fill,minmax(2.75rem,1fr))] sm:grid-cols-7',
        )}
      >
        {codes.map((code) => (
          <div key={code} className="min-w-0">
            <label
              htmlFor={`${uid}-${code}`}
              className="block text-center text-xs font-semibold text-slate-700"
            >
              {code}
              <span className="sr-only">{t.sizeSuffix({ product: props.productName })}</span>
            </label>
            <input
              id={`${uid}-${code}`}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder="0"
              value={shown(code)}
              onChange={(event) => change(code, event.target.value.slice(0, 7))}
              onBlur={() => setTexts((all) => ({ ...all, [code]: undefined }))}
              aria-describedby={`${uid}-help`}
              aria-invalid={parseCount(shown(code)) === undefined ? true : undefined}
              data-size={code}
              className={cn(inputLookClass, 'mt-1 block w-full px-1 py-2 text-center text-base tabular-nums')}
            />
          </div>
        ))}
      </div>
      <SplitStatus quantity={props.quantity} sizes={props.sizes} />
    </fieldset>
  );
}

import { Check } from 'lucide-react';
import { colors, type ColorId } from '@/shared/catalogue';
import { colourMessages, customiserMessages } from '@/shared/i18n/messages/customiser';
import { cn } from '@/client/lib/cn';
import { useT } from '@/client/lib/i18n';

/** The product's colours as a radio group of swatches; each swatch is named by its colour. */
export function ColourSwatches(props: {
  available: readonly ColorId[];
  value: string;
  onChange: (id: ColorId) => void;
}) {
  const t = useT(customiserMessages);
  const names = useT(colourMessages);
  const offered = colors.filter((c) => props.available.includes(c.id));
  const selected = offered.find((c) => c.id === props.value);
  return (
    <fieldset>
      <legend className="text-base font-semibold text-slate-900">
        {t.colour}: <span className="font-normal text-slate-700">{selected && names[selected.id]}</span>
      </legend>
      <div className="mt-3 flex flex-wrap gap-2">
        {offered.map((c) => (
          <label key={c.id} className="relative cursor-pointer" title={names[c.id]}>
            <input
              type="radio"
              name="colour"
              value={c.id}
              checked={c.id === props.value}
              onChange={() => props.onChange(c.id)}
              aria-label={names[c.id]}
              className="peer sr-only"
            />
            <span
              aria-hidden
              style={{ backgroundColor: c.hex }}
              className={cn(
                'flex size-10 items-center justify-center rounded-full border border-slate-300 shadow-inner ring-offset-2 transition',
                'peer-checked:ring-2 peer-checked:ring-brand-700 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-brand-600',
                'hover:scale-105',
              )}
            >
              {c.id === props.value && (
                <Check
                  className={cn(
                    'size-5',
                    c.id === 'white' || c.id === 'yellow' ? 'text-slate-900' : 'text-white',
                  )}
                  strokeWidth={3}
                />
              )}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

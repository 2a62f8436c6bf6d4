import { Check } from 'lucide-react';
import { colors, colourHex } from '@/shared/catalogue';
import { colourName } from '@/shared/i18n/messages/colours';
import { customiserMessages } from '@/shared/i18n/messages/customiser';
import { cn } from '@/client/lib/cn';
import { useLocale, useT } from '@/client/lib/i18n';

/** Light colours take a dark check mark: the shop's white and yellow, and a light colour the owner added. */
function isLight(id: string, hex: string): boolean {
  if ((colors as readonly { id: string }[]).some((c) => c.id === id))
    return id === 'white' || id === 'yellow';
  const n = Number.parseInt(hex.slice(1), 16);
  if (!Number.isFinite(n)) return true;
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 150;
}

/** Dark garments get light guide lines in the preview (the shop's dark ones, a dark colour the owner added). */
export function isDarkColour(id: string, hex: string): boolean {
  if ((colors as readonly { id: string }[]).some((c) => c.id === id))
    return ['black', 'navy', 'red', 'blue', 'green', 'purple', 'brown'].includes(id);
  return !isLight(id, hex);
}

/**
 * The product's colours as a radio group of swatches; each swatch is named by its colour. The shop's
 * twelve in their order, then the colours the owner added to the product (`ownColours`).
 */
export function ColourSwatches(props: {
  available: readonly string[];
  value: string;
  onChange: (id: string) => void;
}) {
  const t = useT(customiserMessages);
  const { locale } = useLocale();
  const twelve: readonly string[] = colors.map((c) => c.id);
  const offered = [
    ...twelve.filter((id) => props.available.includes(id)),
    ...props.available.filter((id) => !twelve.includes(id)),
  ].map((id) => ({ id, hex: colourHex(id) ?? '#ffffff', name: colourName(locale, id) }));
  const selected = offered.find((c) => c.id === props.value);
  return (
    <fieldset>
      <legend className="text-base font-semibold text-slate-900">
        {t.colour}: <span className="font-normal text-slate-700">{selected?.name}</span>
      </legend>
      <div className="mt-3 flex flex-wrap gap-2">
        {offered.map((c) => (
          <label key={c.id} className="relative cursor-pointer" title={c.name}>
            <input
              type="radio"
              name="colour"
              value={c.id}
              checked={c.id === props.value}
              onChange={() => props.onChange(c.id)}
              aria-label={c.name}
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
                  className={cn('size-5', isLight(c.id, c.hex) ? 'text-slate-900' : 'text-white')}
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

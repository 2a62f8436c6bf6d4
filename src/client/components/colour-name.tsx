import { colors } from '@/shared/catalogue';
import { colourName } from '@/shared/i18n/messages/colours';
import { useLocale } from '@/client/lib/i18n';

/** A garment colour as a line shows it: a round swatch and the colour's name (nothing for an unknown id). */
export function ColourName({
  colourId,
  className,
  as: Element = 'span',
}: {
  colourId: string | undefined;
  className: string;
  as?: 'span' | 'p';
}) {
  const { locale } = useLocale();
  const colour = colors.find((c) => c.id === colourId);
  if (!colour) return null;
  return (
    <Element className={className}>
      <span
        className="size-4 rounded-full border border-slate-300"
        style={{ backgroundColor: colour.hex }}
        aria-hidden
      />
      {colourName(locale, colour.id)}
    </Element>
  );
}

/**
 * The product editor's price tiers and the shop's colours it offers (issue 39: split out of
 * ProductEditor in catalogue-panel.tsx, unchanged).
 */
import { colors } from '@/shared/catalogue';
import { catalogueAdminMessages } from '@/shared/i18n/messages/catalogue-admin';
import { colourName } from '@/shared/i18n/messages/colours';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { useLocale, useT } from '@/client/lib/i18n';
import type { Draft } from '@/client/features/admin/catalogue/catalogue-draft';

interface SectionProps {
  id: string;
  draft: Draft;
  set: (change: Partial<Draft>) => void;
  errors: Record<string, string>;
}

export function TiersSection({ id, draft, set, errors }: SectionProps) {
  const t = useT(catalogueAdminMessages);
  const rises = Object.values(errors).includes(t.priceRises);
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-800">{t.tiers}</legend>
      {(errors.tiers ?? errors.minQuantity) && (
        <p className="mt-1 text-sm text-red-700">{errors.tiers ?? errors.minQuantity}</p>
      )}
      <ol className="mt-2 space-y-2">
        {draft.tiers.map((tier, index) => (
          <li key={index} className="grid grid-cols-[1fr_1fr_auto] items-end gap-3">
            <Field
              id={`${id}-tier-${index}-quantity`}
              label={`${t.tierQuantity} ${index + 1}`}
              error={errors[`tiers.${index}.quantity`]}
            >
              {(control) => (
                <input
                  {...control}
                  inputMode="numeric"
                  value={tier.quantity}
                  onChange={(e) =>
                    set({
                      tiers: draft.tiers.map((x, i) =>
                        i === index ? { ...x, quantity: e.target.value } : x,
                      ),
                    })
                  }
                />
              )}
            </Field>
            <Field
              id={`${id}-tier-${index}-price`}
              label={`${t.tierPrice} ${index + 1}`}
              error={errors[`tiers.${index}.pricePerUnit`]}
            >
              {(control) => (
                <input
                  {...control}
                  inputMode="decimal"
                  value={tier.price}
                  onChange={(e) =>
                    set({
                      tiers: draft.tiers.map((x, i) => (i === index ? { ...x, price: e.target.value } : x)),
                    })
                  }
                />
              )}
            </Field>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              className="mb-1"
              disabled={draft.tiers.length <= 1}
              onClick={() => set({ tiers: draft.tiers.filter((_, i) => i !== index) })}
            >
              {t.removeTier} {index + 1}
            </Button>
          </li>
        ))}
      </ol>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        className="mt-2"
        onClick={() => set({ tiers: [...draft.tiers, { quantity: '', price: '' }] })}
      >
        {t.addTier}
      </Button>
      {rises && (
        <label className="mt-3 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={draft.confirmPriceRise}
            onChange={(e) => set({ confirmPriceRise: e.target.checked })}
          />
          {t.confirmRise}
        </label>
      )}
    </fieldset>
  );
}

/** The colours a product is offered in: the shop's twelve, then the owner's own (once they have an id). */
export function ShopColoursSection({ draft, set, errors }: SectionProps) {
  const t = useT(catalogueAdminMessages);
  const { locale } = useLocale();
  if (!draft.colours) return null;
  const colourIndex = 0;
  const offeredColours = [
    ...colors.map((c) => ({ id: c.id, hex: c.hex, name: colourName(locale, c.id) })),
    ...draft.ownColours
      .filter((c) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(c.id))
      .map((c) => ({ id: c.id, hex: c.hex, name: c.names[locale] || c.id })),
  ];
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-800">{t.colours}</legend>
      <p className="text-sm text-slate-600">{t.coloursHint}</p>
      {(errors[`options.${colourIndex}.choices`] ?? errors.options) && (
        <p className="mt-1 text-sm text-red-700">
          {errors[`options.${colourIndex}.choices`] ?? errors.options}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
        {offeredColours.map((colour) => (
          <label key={colour.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={draft.colours?.includes(colour.id) ?? false}
              onChange={(e) =>
                set({
                  colours: e.target.checked
                    ? offeredColours
                        .map((c) => c.id)
                        .filter((c) => c === colour.id || draft.colours?.includes(c))
                    : (draft.colours ?? []).filter((c) => c !== colour.id),
                })
              }
            />
            <span
              aria-hidden
              className="inline-block size-4 rounded-full ring-1 ring-slate-300"
              style={{ backgroundColor: colour.hex }}
            />
            {colour.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

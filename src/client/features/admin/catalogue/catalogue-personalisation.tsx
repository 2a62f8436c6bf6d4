/**
 * A garment's prices for a printed name and a printed number on group orders' garments (issue 44,
 * decision 0072): per garment, VAT included, typed like the tiers' prices ("40", "12,50"). An
 * empty field is a print the product does not offer; the start page, the organiser's tally and the
 * checkout all read these.
 */
import { catalogueAdminMessages } from '@/shared/i18n/messages/catalogue-admin';
import { Field } from '@/client/components/ui/field';
import { useT } from '@/client/lib/i18n';
import type { Draft } from '@/client/features/admin/catalogue/catalogue-draft';

export function PersonalisationPriceFields({
  id,
  draft,
  set,
  errors,
}: {
  id: string;
  draft: Draft;
  set: (change: Partial<Draft>) => void;
  errors: Record<string, string>;
}) {
  const t = useT(catalogueAdminMessages);
  if (!draft.garment) return null;
  const change = (print: 'name' | 'number') => (value: string) =>
    set({ personalisation: { ...draft.personalisation, [print]: value } });
  return (
    <fieldset
      className="space-y-3 rounded-xl border border-slate-200 p-4"
      data-testid="personalisation-prices"
    >
      <legend className="px-1 text-sm font-semibold text-slate-800">{t.personalisation}</legend>
      <p className="text-sm text-slate-600">{t.personalisationHint}</p>
      {errors.personalisationPrices && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors.personalisationPrices}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {(['name', 'number'] as const).map((print) => (
          <Field
            key={print}
            id={`${id}-personalisation-${print}`}
            label={print === 'name' ? t.personalisationName : t.personalisationNumber}
            error={errors[`personalisationPrices.${print}`]}
          >
            {(control) => (
              <input
                {...control}
                inputMode="decimal"
                value={draft.personalisation[print]}
                onChange={(e) => change(print)(e.target.value)}
              />
            )}
          </Field>
        ))}
      </div>
    </fieldset>
  );
}

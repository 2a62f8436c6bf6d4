import { useId } from 'react';
import type { Product } from '@/shared/catalogue';
import type { LineOptions, OptionId } from '@/shared/product-options';
import { choiceLabel, optionLabel, productOptionMessages } from '@/shared/i18n/messages/product-options';
import { useLocale, useT } from '@/client/lib/i18n';
import { useCurrency } from '@/client/state/currency-context';
import { Field } from '@/client/components/ui/field';

/**
 * The product's required choices as labelled selects (tier pages, and a cart line stored before
 * the product had them). A choice that changes the price says by how much per piece.
 */
export function ProductOptionFields(props: {
  product: Product;
  value: LineOptions;
  onChange: (option: OptionId, choice: string) => void;
  /** Options the caller shows elsewhere (a customised design's colour). */
  skip?: readonly OptionId[];
  className?: string;
}) {
  const { locale } = useLocale();
  const t = useT(productOptionMessages);
  const { formatUnitPrice } = useCurrency();
  const id = useId();
  const options = (props.product.options ?? []).filter((o) => !props.skip?.includes(o.id));
  if (options.length === 0) return null;
  return (
    <div className={props.className ?? 'grid gap-4 sm:grid-cols-2'}>
      {options.map((option) => {
        const chosen = props.value[option.id];
        return (
          <Field
            key={option.id}
            id={`${id}-${option.id}`}
            label={optionLabel(locale, option.id)}
            error={
              chosen === undefined ? t.needsChoice({ option: optionLabel(locale, option.id) }) : undefined
            }
          >
            {(control) => (
              <select
                {...control}
                name={option.id}
                value={chosen ?? ''}
                onChange={(event) => props.onChange(option.id, event.target.value)}
              >
                {chosen === undefined && (
                  <option value="" disabled>
                    {t.choose}
                  </option>
                )}
                {option.choices.map((choice) => (
                  <option key={choice.id} value={choice.id}>
                    {choiceLabel(locale, option.id, choice.id)}
                    {choice.extraPerUnit
                      ? ` (${t.extra({ amount: formatUnitPrice(choice.extraPerUnit) })})`
                      : ''}
                  </option>
                ))}
              </select>
            )}
          </Field>
        );
      })}
    </div>
  );
}

/**
 * A product's choices as staff set them on a line (an order's change, a quote): one select an
 * option in a grid of three, each with the server's refusal for it; `placeholder` is the empty
 * first entry, not selectable again once `placeholderDisabled`.
 */
export function StaffOptionSelects<Options extends Partial<Record<string, string>>>(props: {
  id: string;
  options: NonNullable<Product['options']>;
  value: Options;
  onChange: (options: Options) => void;
  error: (option: OptionId) => string | undefined;
  placeholder: string;
  placeholderDisabled?: boolean;
}) {
  const { locale } = useLocale();
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      {props.options.map((option) => (
        <Field
          key={option.id}
          id={`${props.id}-${option.id}`}
          label={optionLabel(locale, option.id)}
          error={props.error(option.id)}
        >
          {(control) => (
            <select
              {...control}
              value={props.value[option.id] ?? ''}
              onChange={(event) => props.onChange({ ...props.value, [option.id]: event.target.value })}
            >
              <option value="" disabled={props.placeholderDisabled}>
                {props.placeholder}
              </option>
              {option.choices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choiceLabel(locale, option.id, choice.id)}
                </option>
              ))}
            </select>
          )}
        </Field>
      ))}
    </div>
  );
}

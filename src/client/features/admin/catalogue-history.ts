import type { ProductRecord } from '@/shared/catalogue-record';
import { catalogueAdminMessages } from '@/shared/i18n/messages/catalogue-admin';
import { layoutMessages } from '@/shared/i18n/messages/layout';
import { choiceLabel, optionLabel } from '@/shared/i18n/messages/product-options';
import type { Locale } from '@/shared/i18n/locale';
import { formatCount, formatUnitPriceDecimal } from '@/shared/money-format';
import type { AuditEvent } from '@/shared/staff';
import { quantityUnit } from '@/shared/terms';

/** One changed field of a saved product, its values as the owner reads them. */
export interface HistoryChange {
  field: string;
  before: string;
  after: string;
}

type Fields = Partial<ProductRecord> & Record<string, unknown>;

/** Derived from fields shown on their own (the English name from `names`, the noun from the name). */
const derived = new Set(['id', 'name', 'description', 'toastNoun', 'version', 'updatedAt']);

function tiersText(locale: Locale, tiers: ProductRecord['tiers']): string {
  return tiers
    .map(
      (t) => `${formatCount(t.quantity)} ${quantityUnit[locale]}: ${formatUnitPriceDecimal(t.pricePerUnit)}`,
    )
    .join(', ');
}

function optionsText(locale: Locale, options: ProductRecord['options']): string {
  return options
    .map(
      (option) =>
        `${optionLabel(locale, option.id)}: ${option.choices
          .map((c) => choiceLabel(locale, option.id, c.id))
          .join(', ')}`,
    )
    .join('; ');
}

function isRecordValue(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A field's value in the owner's words: prices in Swedish format, colours and categories by name. */
function valueText(locale: Locale, key: string, value: unknown): string {
  const t = catalogueAdminMessages[locale];
  if (value === undefined || value === null) return '–';
  if (key === 'tiers' && Array.isArray(value)) return tiersText(locale, value as ProductRecord['tiers']);
  if (key === 'options' && Array.isArray(value))
    return optionsText(locale, value as ProductRecord['options']);
  if (key === 'visible') return value === true ? t.visible : t.hidden;
  if (key === 'category' && typeof value === 'string') {
    const categories: Readonly<Record<string, unknown>> = layoutMessages[locale];
    const name = categories[value];
    return typeof name === 'string' ? name : value;
  }
  if (typeof value === 'number') return formatCount(value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

function fieldLabel(locale: Locale, key: string): string {
  const t = catalogueAdminMessages[locale];
  const labels: Readonly<Record<string, string>> = {
    'names.sv': t.nameSv,
    'names.en': t.nameEn,
    'descriptions.sv': t.descriptionSv,
    'descriptions.en': t.descriptionEn,
    category: t.category,
    tiers: t.tiers,
    minQuantity: t.minimum,
    options: t.options,
    visible: t.status,
    sortOrder: t.sortOrder,
    productionDays: t.productionDays,
  };
  return labels[key] ?? `${t.otherField} (${key})`;
}

/**
 * What one saved change altered, field by field with before and after, in the owner's language.
 * A product's first save (before is null) is one line: it was added, with its name and tiers.
 */
export function historyChanges(locale: Locale, event: AuditEvent): HistoryChange[] {
  const t = catalogueAdminMessages[locale];
  if (!isRecordValue(event.after)) return [];
  const after = event.after as Fields;
  if (!isRecordValue(event.before)) {
    const name = after.names?.[locale] ?? String(after.id ?? '');
    const tiers = Array.isArray(after.tiers) ? tiersText(locale, after.tiers) : '';
    return [{ field: t.addedChange, before: '–', after: tiers ? `${name}: ${tiers}` : name }];
  }
  const before = event.before as Fields;
  const changes: HistoryChange[] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (derived.has(key)) continue;
    const was = before[key];
    const is = after[key];
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    if ((key === 'names' || key === 'descriptions') && isRecordValue(was) && isRecordValue(is)) {
      for (const lang of ['sv', 'en'] as const) {
        if (was[lang] === is[lang]) continue;
        changes.push({
          field: fieldLabel(locale, `${key}.${lang}`),
          before: valueText(locale, key, was[lang]),
          after: valueText(locale, key, is[lang]),
        });
      }
      continue;
    }
    changes.push({
      field: fieldLabel(locale, key),
      before: valueText(locale, key, was),
      after: valueText(locale, key, is),
    });
  }
  return changes;
}

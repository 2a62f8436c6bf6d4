import type { ProductRecord } from '@/shared/catalogue-record';
import { uploadedPictureId } from '@/shared/product-images';
import { catalogueAdminMessages, mockupName } from '@/shared/i18n/messages/catalogue-admin';
import { layoutMessages } from '@/shared/i18n/messages/layout';
import { choiceLabel, optionLabel } from '@/shared/i18n/messages/product-options';
import type { Locale } from '@/shared/i18n/locale';
import { formatCount, formatUnitPriceDecimal } from '@/shared/money-format';
import type { AuditEvent } from '@/shared/staff';
import { isMockupId } from '@/shared/print-areas';
import { printSideIds, printSideLabels } from '@/shared/print-options';
import { quantityUnit } from '@/shared/terms';

/** One changed field of a saved product, its values as the owner reads them. */
export interface HistoryChange {
  field: string;
  before: string;
  after: string;
}

type Fields = Partial<ProductRecord> & Record<string, unknown>;

/** Derived from fields shown on their own (the English name from `names`, the noun from the name). */
const derived = new Set(['id', 'name', 'description', 'toastNoun', 'version', 'updatedAt', 'customiser']);

/** Fields kept per language or per part, each part shown as its own change. */
const split = new Set(['names', 'descriptions', 'facts', 'personalisationPrices']);

/** "Framsida 25,5 × 30 cm, Baksida 32 cm" */
function areasText(locale: Locale, areas: ProductRecord['printAreas']): string {
  const cm = (text: string) => text.replace('.', ',');
  return printSideIds
    .flatMap((side) => {
      const area = areas[side];
      if (!area) return [];
      const size = area.heightCm ? `${cm(area.widthCm)} × ${cm(area.heightCm)}` : cm(area.widthCm);
      return [`${printSideLabels[locale][side]} ${size} cm`];
    })
    .join(', ');
}

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
  if (key === 'garment') return value === true ? '✓' : '–';
  if (key === 'sizeSet') return value === 'kids' ? t.sizeSetKids : t.sizeSetAdult;
  if (key === 'personalisationPrices' && typeof value === 'string') return formatUnitPriceDecimal(value);
  if (key === 'image' && typeof value === 'string' && uploadedPictureId(value) !== undefined)
    return t.pictureUploaded;
  if (key === 'ownColours' && Array.isArray(value))
    return (
      (value as NonNullable<ProductRecord['ownColours']>)
        .map((colour) => `${colour.names[locale]} ${colour.hex}`)
        .join(', ') || '–'
    );
  if (key === 'printAreas' && isRecordValue(value)) return areasText(locale, value) || '–';
  if (key === 'mockup' && isMockupId(value)) return mockupName(locale, value);
  if (key === 'kind') return value === 'customiser' ? t.kindCustomiser : t.kindTiers;
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
    'facts.material.sv': t.materialSv,
    'facts.material.en': t.materialEn,
    'facts.fit.sv': t.fitSv,
    'facts.fit.en': t.fitEn,
    'facts.print.sv': t.printSv,
    'facts.print.en': t.printEn,
    'facts.weightGsm': t.weight,
    'facts.sizeChart': t.sizeChart,
    kind: t.kind,
    mockup: t.mockup,
    printAreas: t.printAreas,
    image: t.image,
    garment: t.garment,
    sizeSet: t.sizeSet,
    'personalisationPrices.name': t.personalisationName,
    'personalisationPrices.number': t.personalisationNumber,
    ownColours: t.ownColours,
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

/** A split field's changed parts: a name per language, a fact text per language, the weight. */
function partChanges(
  locale: Locale,
  key: string,
  was: Record<string, unknown>,
  is: Record<string, unknown>,
): HistoryChange[] {
  const changes: HistoryChange[] = [];
  for (const part of new Set([...Object.keys(was), ...Object.keys(is)])) {
    const before = was[part];
    const after = is[part];
    if (JSON.stringify(before) === JSON.stringify(after)) continue;
    if (key === 'facts' && (isRecordValue(before) || isRecordValue(after))) {
      changes.push(
        ...partChanges(
          locale,
          `facts.${part}`,
          isRecordValue(before) ? before : {},
          isRecordValue(after) ? after : {},
        ),
      );
      continue;
    }
    changes.push({
      field: fieldLabel(locale, `${key}.${part}`),
      before: valueText(locale, key, before),
      after: valueText(locale, key, after),
    });
  }
  return changes;
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
    if (split.has(key) && (isRecordValue(was) || isRecordValue(is))) {
      changes.push(...partChanges(locale, key, isRecordValue(was) ? was : {}, isRecordValue(is) ? is : {}));
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

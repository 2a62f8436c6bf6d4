/**
 * The owner's product form as typed (prices and centimetres with a Swedish decimal comma), from a
 * product's record and back to the record the API takes (catalogue-schema.ts checks it).
 */
import type { CategoryId } from '@/shared/catalogue';
import type { ProductRecord } from '@/shared/catalogue-record';
import { cmForInput, priceForInput } from '@/shared/catalogue-schema';
import type { Locale } from '@/shared/i18n/locale';
import type { MockupId, MockupPicture } from '@/shared/print-areas';
import { printSideIds, type PrintSide } from '@/shared/print-options';
import type { SizeChartId } from '@/shared/product-facts';
import type { SizeSetId } from '@/shared/size-codes';
import { optionChoiceIds, optionIds, type OptionId } from '@/shared/product-options';

export type OtherOptionId = Exclude<OptionId, 'colour'>;
export const otherOptionIds = optionIds.filter((id): id is OtherOptionId => id !== 'colour');

type Bilingual = Record<Locale, string>;
export type FactTextKey = 'material' | 'fit' | 'print';
export const factTextKeys: readonly FactTextKey[] = ['material', 'fit', 'print'];

export interface AreaDraft {
  on: boolean;
  width: string;
  height: string;
}

export interface ChoiceDraft {
  on: boolean;
  extra: string;
}

export interface Draft {
  id: string;
  names: Bilingual;
  descriptions: Bilingual;
  category: CategoryId;
  kind: 'tiers' | 'customiser';
  /** A drawing, 'picture' for the owner's own mockup picture (`mockupPicture`), or none chosen. */
  mockup: MockupId | 'picture' | '';
  /** The owner's mockup picture ('' until uploaded) and the rectangles drawn on it. */
  mockupPicture: MockupPicture;
  areas: Record<PrintSide, AreaDraft>;
  image: string;
  garment: boolean;
  sizeSet: SizeSetId;
  /** A garment's price per printed name and number in group orders, as typed; empty: not offered. */
  personalisation: { name: string; number: string };
  /** Colours the owner added for this product (ticked among the colours to offer them). */
  ownColours: { id: string; names: Bilingual; hex: string }[];
  tiers: { quantity: string; price: string }[];
  /** Undefined: the product offers no colour choice. */
  colours: string[] | undefined;
  choices: Record<OtherOptionId, Record<string, ChoiceDraft>>;
  facts: Record<FactTextKey, Bilingual> & { weight: string; sizeChart: SizeChartId | '' };
  visible: boolean;
  /** Where it stands in the shop's lists, as typed; empty: after the others (a new product). */
  sortOrder: string;
  confirmPriceRise: boolean;
}

const noChoices = (): Draft['choices'] => {
  const all = {} as Draft['choices'];
  for (const option of otherOptionIds)
    all[option] = Object.fromEntries(optionChoiceIds[option].map((id) => [id, { on: false, extra: '' }]));
  return all;
};

const noAreas = (): Draft['areas'] => ({
  front: { on: false, width: '', height: '' },
  back: { on: false, width: '', height: '' },
  side: { on: false, width: '', height: '' },
});

export function draftOf(record: ProductRecord): Draft {
  const colour = record.options.find((o) => o.id === 'colour');
  const choices = noChoices();
  for (const option of record.options) {
    if (option.id === 'colour') continue;
    for (const choice of option.choices)
      choices[option.id][choice.id] = {
        on: true,
        extra: choice.extraPerUnit ? priceForInput(choice.extraPerUnit) : '',
      };
  }
  const areas = noAreas();
  for (const side of printSideIds) {
    const area = record.printAreas[side];
    if (area) areas[side] = { on: true, width: cmForInput(area.widthCm), height: cmForInput(area.heightCm) };
  }
  const facts = record.facts;
  const text = (key: FactTextKey): Bilingual => ({ sv: facts[key]?.sv ?? '', en: facts[key]?.en ?? '' });
  return {
    id: record.id,
    names: { ...record.names },
    descriptions: { ...record.descriptions },
    category: record.category,
    kind: record.kind,
    mockup: record.mockupPicture ? 'picture' : (record.mockup ?? ''),
    mockupPicture: record.mockupPicture
      ? { image: record.mockupPicture.image, rects: { ...record.mockupPicture.rects } }
      : { image: '', rects: {} },
    areas,
    image: record.image ?? '',
    garment: record.garment === true,
    sizeSet: record.sizeSet ?? 'adult',
    personalisation: {
      name: record.personalisationPrices?.name ? priceForInput(record.personalisationPrices.name) : '',
      number: record.personalisationPrices?.number ? priceForInput(record.personalisationPrices.number) : '',
    },
    ownColours: (record.ownColours ?? []).map((c) => ({ id: c.id, names: { ...c.names }, hex: c.hex })),
    tiers: record.tiers.map((t) => ({ quantity: String(t.quantity), price: priceForInput(t.pricePerUnit) })),
    colours: colour?.choices.map((c) => c.id),
    choices,
    facts: {
      material: text('material'),
      fit: text('fit'),
      print: text('print'),
      weight: facts.weightGsm === undefined ? '' : String(facts.weightGsm),
      sizeChart: facts.sizeChart ?? '',
    },
    visible: record.visible,
    sortOrder: String(record.sortOrder),
    confirmPriceRise: false,
  };
}

/** A text not yet written in either language. */
const noText = () => ({ sv: '', en: '' });

export const emptyDraft = (): Draft => ({
  id: '',
  names: noText(),
  descriptions: noText(),
  category: 'accessoarer',
  kind: 'tiers',
  mockup: '',
  mockupPicture: { image: '', rects: {} },
  areas: noAreas(),
  image: '',
  garment: false,
  sizeSet: 'adult',
  personalisation: { name: '', number: '' },
  ownColours: [],
  tiers: [
    { quantity: '', price: '' },
    { quantity: '', price: '' },
    { quantity: '', price: '' },
  ],
  colours: [],
  choices: noChoices(),
  facts: {
    material: noText(),
    fit: noText(),
    print: noText(),
    weight: '',
    sizeChart: '',
  },
  visible: true,
  sortOrder: '',
  confirmPriceRise: false,
});

/** A whole number as typed, else the text itself (the server names it invalid). */
const wholeOrText = (text: string): number | string =>
  /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : text;

/**
 * The record to send: the original's other fields kept (sort order, production days…), the form's
 * over them. The customiser's sides follow the print areas (the server derives them).
 */
export function bodyOf(draft: Draft, original: ProductRecord | undefined) {
  const colourOption = draft.colours ? [{ id: 'colour', choices: draft.colours.map((id) => ({ id })) }] : [];
  const others = otherOptionIds.flatMap((option) => {
    const chosen = optionChoiceIds[option].filter((id) => draft.choices[option][id]?.on);
    if (chosen.length === 0) return [];
    return [
      {
        id: option,
        choices: chosen.map((id) => {
          const extra = draft.choices[option][id]?.extra.trim() ?? '';
          return extra === '' ? { id } : { id, extraPerUnit: extra };
        }),
      },
    ];
  });
  const printAreas = Object.fromEntries(
    printSideIds
      .filter((side) => draft.areas[side].on)
      .map((side) => {
        const { width, height } = draft.areas[side];
        return [side, height.trim() === '' ? { widthCm: width } : { widthCm: width, heightCm: height }];
      }),
  );
  const facts = {
    ...Object.fromEntries(
      factTextKeys
        .filter((key) => draft.facts[key].sv.trim() !== '' || draft.facts[key].en.trim() !== '')
        .map((key) => [key, draft.facts[key]]),
    ),
    ...(draft.facts.weight.trim() === '' ? {} : { weightGsm: wholeOrText(draft.facts.weight) }),
    ...(draft.facts.sizeChart ? { sizeChart: draft.facts.sizeChart } : {}),
  };
  return {
    ...original,
    id: draft.id.trim(),
    names: draft.names,
    descriptions: draft.descriptions,
    category: draft.category,
    kind: draft.kind,
    customiser: undefined,
    mockup:
      draft.kind === 'customiser' && draft.mockup && draft.mockup !== 'picture' ? draft.mockup : undefined,
    // The picture unsent until uploaded: the server then names the missing picture.
    mockupPicture:
      draft.kind === 'customiser' && draft.mockup === 'picture'
        ? {
            ...(draft.mockupPicture.image ? { image: draft.mockupPicture.image } : {}),
            rects: Object.fromEntries(
              printSideIds.flatMap((side) => {
                const rect = draft.mockupPicture.rects[side];
                return draft.areas[side].on && rect ? [[side, rect]] : [];
              }),
            ),
          }
        : undefined,
    printAreas,
    image: draft.image || undefined,
    garment: draft.garment ? true : undefined,
    sizeSet: draft.garment && draft.sizeSet === 'kids' ? 'kids' : undefined,
    personalisationPrices: draft.garment ? personalisationBody(draft.personalisation) : undefined,
    ownColours: draft.ownColours,
    tiers: draft.tiers.map((t) => ({ quantity: wholeOrText(t.quantity), pricePerUnit: t.price })),
    minQuantity: undefined,
    options: [...colourOption, ...others],
    facts,
    visible: draft.visible,
    ...(draft.sortOrder.trim() === '' ? {} : { sortOrder: wholeOrText(draft.sortOrder) }),
    ...(draft.confirmPriceRise ? { confirmPriceRise: true } : {}),
  };
}

/** The prices typed for a printed name and number; an empty field is a print not offered. */
function personalisationBody(
  typed: Draft['personalisation'],
): { name?: string; number?: string } | undefined {
  const name = typed.name.trim();
  const number = typed.number.trim();
  if (name === '' && number === '') return undefined;
  return { ...(name === '' ? {} : { name }), ...(number === '' ? {} : { number }) };
}

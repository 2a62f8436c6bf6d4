import type { AdminOrderDetail, AdminOrderLine } from '@/shared/admin';
import type { Product } from '@/shared/catalogue';
import { DEFAULT_SCALE, type PrintPlacement } from '@/shared/customisation';
import type { PrintMethod, PrintSide } from '@/shared/print-options';
import type { LineOptions } from '@/shared/product-options';
import type { SizeSplit } from '@/shared/sizes';
import { VAT_RATE_PERCENT } from '@/shared/vat-rate';
import type { LineChangeBody } from '@/client/features/admin/admin-api';

/**
 * The line-change editor's form state and what it sends (issue 41): each goods line as the form
 * holds it (text inputs, the options and prints staff edit, the stored line it started from), the
 * free lines, and the PATCH body built from them. The server prices and checks every line.
 */

export interface GoodsDraft {
  /** Stable across edits (React's key; lines are added and removed). */
  key: number;
  productId: string;
  /** The stored line this started from (its design, notes and group are kept); none for a line staff add. */
  line: AdminOrderLine | undefined;
  quantity: string;
  sizes: SizeSplit | undefined;
  options: LineOptions;
  /** A designed line's prints (side, method, image); empty for a line without a design. */
  prints: PrintPlacement[];
  unitPrice: string;
  priceReason: string;
  /** Marked for removal: left out of the body, shown struck through until saved or undone. */
  removed: boolean;
}

export interface FreeDraft {
  description: string;
  quantity: string;
  unitPrice: string;
}

let nextKey = 0;
const newKey = () => ++nextKey;

/** The order's goods lines and free lines as the form starts from them (fees stay with their files). */
export function draftOf(order: AdminOrderDetail): { goods: GoodsDraft[]; free: FreeDraft[] } {
  const goods = order.items
    .filter((line) => line.fee === undefined && line.quoted !== 'free')
    .map((line): GoodsDraft => ({
      key: newKey(),
      productId: line.productId,
      line,
      quantity: String(line.quantity),
      sizes: line.sizes ? { ...line.sizes } : undefined,
      // A designed line's colour is its design's (the checkout's rule): edited as the colour option.
      options: {
        ...line.options,
        ...(line.customisation ? { colour: line.customisation.color } : {}),
      },
      prints: line.customisation ? line.customisation.prints.map((print) => ({ ...print })) : [],
      unitPrice: line.quoted === 'negotiated' ? line.unitPrice : '',
      priceReason: '',
      removed: false,
    }));
  const free = order.items
    .filter((line) => line.quoted === 'free')
    .map((line) => ({ description: line.name, quantity: String(line.quantity), unitPrice: line.unitPrice }));
  return { goods, free };
}

/** A product line staff add: nothing chosen yet. */
export function newGoodsDraft(): GoodsDraft {
  return {
    key: newKey(),
    productId: '',
    line: undefined,
    quantity: '',
    sizes: undefined,
    options: {},
    prints: [],
    unitPrice: '',
    priceReason: '',
    removed: false,
  };
}

/** The draft with another product chosen: its choices and split start empty (a garment's split as {}). */
export function withProduct(draft: GoodsDraft, product: Product | undefined): Partial<GoodsDraft> {
  return { productId: product?.id ?? '', options: {}, sizes: product?.garment ? {} : undefined };
}

/** The images the order's designs use: what a print staff add may show (the shop has them). */
export function orderImages(order: AdminOrderDetail): string[] {
  return [
    ...new Set(
      order.items.flatMap((line) => line.customisation?.prints.map((print) => print.uploadId) ?? []),
    ),
  ];
}

/** A print staff add: centred high on the side, at the customiser's default size. */
export function newPrint(side: PrintSide, method: PrintMethod, uploadId: string): PrintPlacement {
  return { method, uploadId, side, x: 50, y: 40, scale: DEFAULT_SCALE };
}

/** A count as typed; anything but digits is sent as it is so the server's message names it. */
export const countOf = (text: string) => (/^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

function goodsBody(draft: GoodsDraft): LineChangeBody['lines'][number] {
  const { line, sizes, unitPrice, priceReason } = draft;
  const split = sizes ? Object.fromEntries(Object.entries(sizes).filter(([, n]) => (n ?? 0) > 0)) : undefined;
  const design = line?.customisation;
  // A designed line carries its colour in the design; the options hold the rest (and the colour
  // only where the stored line had it there too: the checkout lets both name it, alike).
  const { colour, ...rest } = draft.options;
  const options = design && line?.options?.colour === undefined ? rest : draft.options;
  return {
    productId: draft.productId,
    quantity: countOf(draft.quantity),
    ...(split ? { sizes: split } : {}),
    ...(Object.keys(options).length > 0 ? { options: { ...options } } : {}),
    ...(design ? { customisation: { ...design, color: colour ?? design.color, prints: draft.prints } } : {}),
    ...(line?.notes ? { notes: line.notes } : {}),
    ...(line?.group ? { group: line.group } : {}),
    ...(unitPrice.trim() !== ''
      ? { unitPrice: unitPrice.trim().replace(',', '.'), reason: priceReason }
      : {}),
  };
}

/** The PATCH/preview body: the lines kept (in order), the free lines, the reason. */
export function bodyOf(
  goods: readonly GoodsDraft[],
  free: readonly FreeDraft[],
  reason: string,
): LineChangeBody {
  return {
    lines: goods.filter((draft) => !draft.removed).map(goodsBody),
    freeLines: free.map((line) => ({
      description: line.description,
      quantity: countOf(line.quantity),
      unitPrice: line.unitPrice.trim().replace(',', '.'),
      vatRate: VAT_RATE_PERCENT,
    })),
    reason,
  };
}

/**
 * The server names a refused line by its place in the body (`lines.N.…`); the form's lines include
 * those marked removed, so its index is mapped back to the form's.
 */
export function bodyIndexOf(goods: readonly GoodsDraft[], formIndex: number): number | undefined {
  if (goods[formIndex]?.removed !== false) return undefined;
  return goods.slice(0, formIndex).filter((draft) => !draft.removed).length;
}

/**
 * The garment mockups the shop has drawn (the customiser's and the cart's pictures, viewBox
 * 0 0 400 400) and where prints go on them. A product designed in the customiser names one mockup
 * and keeps its own print areas in centimetres (its catalogue record); the mockup says how large a
 * print area it can show per side and where that sits on the drawing. The customiser, the cart's
 * thumbnail and the job ticket read the same numbers.
 */
import { printSideIds, type PrintSide } from './print-options';

export interface PrintRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The drawings' size (square viewBox); a print's x and y are % of it. */
export const MOCKUP_SIZE = 400;

export const mockupIds = ['tshirt', 'hoodie', 'crewneck', 'cap', 'beanie'] as const;
export type MockupId = (typeof mockupIds)[number];

export function isMockupId(value: unknown): value is MockupId {
  return typeof value === 'string' && (mockupIds as readonly string[]).includes(value);
}

/** A print area on one side of a mockup: the drawn rectangle and how large it is on the garment. */
interface MockupSideArea {
  rect: PrintRect;
  /** The largest print area the drawing shows, in cm; a product's area must fit inside it. */
  widthCm: number;
  heightCm: number;
}

/**
 * The largest print area per mockup and side. Sides not drawn for a mockup (a T-shirt's sleeve)
 * map to the rectangle of the view drawn instead; the centimetres are the real garment's.
 */
export const mockupAreas: Readonly<Record<MockupId, Readonly<Record<PrintSide, MockupSideArea>>>> = {
  tshirt: {
    front: { rect: { x: 140, y: 112, width: 120, height: 140 }, widthCm: 30, heightCm: 35 },
    back: { rect: { x: 135, y: 96, width: 130, height: 170 }, widthCm: 32, heightCm: 41.8 },
    side: { rect: { x: 140, y: 112, width: 120, height: 140 }, widthCm: 10, heightCm: 11.7 },
  },
  hoodie: {
    front: { rect: { x: 145, y: 132, width: 110, height: 96 }, widthCm: 28, heightCm: 24.4 },
    back: { rect: { x: 140, y: 204, width: 120, height: 110 }, widthCm: 32, heightCm: 29.3 },
    side: { rect: { x: 145, y: 132, width: 110, height: 96 }, widthCm: 10, heightCm: 8.7 },
  },
  crewneck: {
    front: { rect: { x: 140, y: 104, width: 120, height: 150 }, widthCm: 30, heightCm: 37.5 },
    back: { rect: { x: 135, y: 100, width: 130, height: 180 }, widthCm: 32, heightCm: 44.3 },
    side: { rect: { x: 140, y: 104, width: 120, height: 150 }, widthCm: 10, heightCm: 12.5 },
  },
  cap: {
    front: { rect: { x: 152, y: 170, width: 96, height: 66 }, widthCm: 12, heightCm: 8.3 },
    back: { rect: { x: 152, y: 170, width: 96, height: 66 }, widthCm: 8, heightCm: 5.5 },
    side: { rect: { x: 242, y: 150, width: 60, height: 74 }, widthCm: 7, heightCm: 8.6 },
  },
  beanie: {
    front: { rect: { x: 160, y: 282, width: 80, height: 40 }, widthCm: 9, heightCm: 4.5 },
    back: { rect: { x: 160, y: 282, width: 80, height: 40 }, widthCm: 9, heightCm: 4.5 },
    side: { rect: { x: 160, y: 282, width: 80, height: 40 }, widthCm: 9, heightCm: 4.5 },
  },
};

/** A print area on the garment in cm (height absent where the product only states a width). */
export interface PrintAreaCm {
  widthCm: number;
  heightCm?: number;
}
export type PrintAreasCm = Partial<Record<PrintSide, PrintAreaCm>>;

/**
 * A mockup picture the owner uploaded (`picture:<upload id>`, shown contained in the square
 * 0 0 400 400) with the print rectangle per side they drew on it, in that square's units. The
 * rectangles' real sizes are the product's print areas in cm.
 */
export interface MockupPicture {
  image: string;
  rects: Partial<Record<PrintSide, PrintRect>>;
}

/** Where a product's prints go on its mockup: the drawing and the print rectangle per side. */
export interface PrintGeometry {
  /** One of the shop's drawings, or undefined when `picture` (an owner's mockup picture) is shown. */
  mockup?: MockupId;
  /** The owner's mockup picture (`picture:<upload id>`). */
  picture?: string;
  rects: Readonly<Record<PrintSide, PrintRect>>;
  /** The print area's width in cm per side (what the rectangle's width is on the garment). */
  widthsCm: Readonly<Record<PrintSide, number>>;
  /**
   * An owner's picture only: each side's area height in cm. The rectangle drawn by hand need not
   * have the area's proportions, so heights are measured on their own scale.
   */
  heightsCm?: Readonly<Record<PrintSide, number>>;
}

/**
 * The product's print rectangles on its mockup: each side's area in cm drawn at the mockup's
 * scale, centred across and from the top of the mockup's largest area (a smaller area sits where
 * a chest print starts). Sides the product has no area for take the mockup's. Undefined without a
 * mockup.
 */
export function printGeometry(product: {
  mockup?: MockupId | undefined;
  mockupPicture?: MockupPicture | undefined;
  printAreas?: PrintAreasCm | undefined;
}): PrintGeometry | undefined {
  if (product.mockupPicture) return pictureGeometry(product.mockupPicture, product.printAreas);
  if (!product.mockup || !isMockupId(product.mockup)) return undefined;
  const sides = mockupAreas[product.mockup];
  const rects = {} as Record<PrintSide, PrintRect>;
  const widthsCm = {} as Record<PrintSide, number>;
  for (const side of printSideIds) {
    const max = sides[side];
    const area = product.printAreas?.[side];
    const unitsPerCm = max.rect.width / max.widthCm;
    const widthCm = area && area.widthCm > 0 ? Math.min(area.widthCm, max.widthCm) : max.widthCm;
    const heightCm =
      area?.heightCm && area.heightCm > 0 ? Math.min(area.heightCm, max.heightCm) : max.heightCm;
    // The mockup's own area is drawn as is; a smaller one at the same scale.
    const width = widthCm === max.widthCm ? max.rect.width : widthCm * unitsPerCm;
    const height = heightCm === max.heightCm ? max.rect.height : heightCm * unitsPerCm;
    rects[side] = { x: max.rect.x + (max.rect.width - width) / 2, y: max.rect.y, width, height };
    widthsCm[side] = widthCm;
  }
  return { mockup: product.mockup, rects, widthsCm };
}

/**
 * An owner's mockup picture: each side's rectangle as drawn, its width in cm the product's area.
 * A side without a rectangle (or area) takes the first side's, as a drawing's undrawn side does.
 */
function pictureGeometry(picture: MockupPicture, areas: PrintAreasCm | undefined): PrintGeometry | undefined {
  const drawn = printSideIds.flatMap((side) => {
    const rect = picture.rects[side];
    const area = areas?.[side];
    return rect && area ? [{ side, rect, widthCm: area.widthCm, heightCm: area.heightCm }] : [];
  });
  const first = drawn[0];
  if (!first) return undefined;
  const rects = {} as Record<PrintSide, PrintRect>;
  const widthsCm = {} as Record<PrintSide, number>;
  const heightsCm = {} as Record<PrintSide, number>;
  for (const side of printSideIds) {
    const own = drawn.find((d) => d.side === side) ?? first;
    rects[side] = { ...own.rect };
    widthsCm[side] = own.widthCm;
    heightsCm[side] = own.heightCm ?? (own.widthCm * own.rect.height) / own.rect.width;
  }
  return { picture: picture.image, rects, widthsCm, heightsCm };
}

/** Whether an area of `widthCm` × `heightCm` fits the mockup's largest area on that side. */
export function fitsMockup(mockup: MockupId, side: PrintSide, widthCm: number, heightCm: number): boolean {
  const max = mockupAreas[mockup][side];
  return widthCm <= max.widthCm && heightCm <= max.heightCm;
}

/** A placed print in centimetres on the garment, measured from the print area's top-left corner. */
export interface PrintPlacementCm {
  areaWidthCm: number;
  areaHeightCm: number;
  widthCm: number;
  /** The print's top-left corner from the area's top-left corner (may be negative: outside the mark). */
  leftCm: number;
  topCm: number;
  /** The print's centre from the area's top-left corner. */
  centreXcm: number;
  centreYcm: number;
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/**
 * A customiser print (centre at x %, y % of the drawing, width 1.6 × area × scale) in cm on the
 * real print area. The print's height follows its image; without it the print is taken as square.
 */
export function printPlacementCm(
  geometry: PrintGeometry | undefined,
  print: { side: PrintSide; x: number; y: number; scale: number },
  aspect = 1,
): PrintPlacementCm | undefined {
  if (!geometry) return undefined;
  const rect = geometry.rects[print.side];
  const areaWidthCm = geometry.widthsCm[print.side];
  const cmPerUnit = areaWidthCm / rect.width;
  // Across and down on one scale for a drawing; on their own for a rectangle drawn on a picture.
  const areaHeightCm = geometry.heightsCm?.[print.side] ?? rect.height * cmPerUnit;
  const cmPerUnitDown = areaHeightCm / rect.height;
  const widthCm = oneDecimal(areaWidthCm * 1.6 * print.scale);
  const centreXcm = ((print.x / 100) * MOCKUP_SIZE - rect.x) * cmPerUnit;
  const centreYcm = ((print.y / 100) * MOCKUP_SIZE - rect.y) * cmPerUnitDown;
  const heightCm = widthCm * aspect;
  return {
    areaWidthCm,
    areaHeightCm: oneDecimal(areaHeightCm),
    widthCm,
    leftCm: oneDecimal(centreXcm - widthCm / 2),
    topCm: oneDecimal(centreYcm - heightCm / 2),
    centreXcm: oneDecimal(centreXcm),
    centreYcm: oneDecimal(centreYcm),
  };
}

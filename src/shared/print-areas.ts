/**
 * Where prints go on the drawn garments, in the drawings' units (viewBox 0 0 400 400), and what
 * that is in centimetres on the real garment: the marked print area is as wide as the print-area
 * table of the dpi check says (print-files.ts). The customiser, the cart's thumbnail and the job
 * ticket read the same numbers.
 */
import { printAreaWidths, printWidthCm } from './print-files';
import type { PrintSide } from './print-options';

export interface PrintRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The drawings' size (square viewBox); a print's x and y are % of it. */
export const MOCKUP_SIZE = 400;

/**
 * Printable rectangle (viewBox units) per product and side. Sides that are not
 * drawn for a product map to the rectangle of the view that is rendered instead.
 */
export type MockupProductId = 'tshirt-bomull' | 'hoodie' | 'crewneck' | 'baseball-keps' | 'mossa';

export const printArea: Record<MockupProductId, Record<PrintSide, PrintRect>> = {
  'tshirt-bomull': {
    front: { x: 140, y: 112, width: 120, height: 140 },
    back: { x: 135, y: 96, width: 130, height: 170 },
    side: { x: 140, y: 112, width: 120, height: 140 },
  },
  hoodie: {
    front: { x: 145, y: 132, width: 110, height: 96 },
    back: { x: 140, y: 204, width: 120, height: 110 },
    side: { x: 145, y: 132, width: 110, height: 96 },
  },
  crewneck: {
    front: { x: 140, y: 104, width: 120, height: 150 },
    back: { x: 135, y: 100, width: 130, height: 180 },
    side: { x: 140, y: 104, width: 120, height: 150 },
  },
  'baseball-keps': {
    front: { x: 152, y: 170, width: 96, height: 66 },
    back: { x: 152, y: 170, width: 96, height: 66 },
    side: { x: 242, y: 150, width: 60, height: 74 },
  },
  mossa: {
    front: { x: 160, y: 282, width: 80, height: 40 },
    back: { x: 160, y: 282, width: 80, height: 40 },
    side: { x: 160, y: 282, width: 80, height: 40 },
  },
};

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
  productId: string,
  print: { side: PrintSide; x: number; y: number; scale: number },
  aspect = 1,
): PrintPlacementCm | undefined {
  const rects: Partial<Record<string, Record<PrintSide, PrintRect>>> = printArea;
  const rect = rects[productId]?.[print.side];
  const areaWidthCm = printAreaWidths(productId)[print.side];
  const widthCm = printWidthCm(productId, print.side, print.scale);
  if (!rect || areaWidthCm === undefined || widthCm === undefined) return undefined;
  const cmPerUnit = areaWidthCm / rect.width;
  const centreXcm = ((print.x / 100) * MOCKUP_SIZE - rect.x) * cmPerUnit;
  const centreYcm = ((print.y / 100) * MOCKUP_SIZE - rect.y) * cmPerUnit;
  const heightCm = widthCm * aspect;
  return {
    areaWidthCm,
    areaHeightCm: oneDecimal(rect.height * cmPerUnit),
    widthCm,
    leftCm: oneDecimal(centreXcm - widthCm / 2),
    topCm: oneDecimal(centreYcm - heightCm / 2),
    centreXcm: oneDecimal(centreXcm),
    centreYcm: oneDecimal(centreYcm),
  };
}

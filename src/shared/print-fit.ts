/**
 * Whether a print fits its side's print area: one rule for the customiser's slider, the server's
 * check of an order, the job ticket and the production board.
 *
 * A print's width on the garment is the side's print-area width × 1.6 × its scale (the customiser's
 * size 100 % is a large print; 30 % a chest logo), rounded to 0.1 cm as every page shows it. Its
 * height follows the image's proportions where they are known (a raster image's pixels).
 */
import { SCALE_MIN, SCALE_STEP, type PrintPlacement } from './customisation';
import { mockupAreas, isMockupId, type MockupId, type PrintAreaCm, type PrintAreasCm } from './print-areas';
import type { PrintSide } from './print-options';

/** A print's width at scale 1, in print-area widths. */
export const PRINT_WIDTH_PER_SCALE = 1.6;

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** The print's width in cm on an area `areaWidthCm` wide. */
export function printWidthOnArea(areaWidthCm: number, scale: number): number {
  return oneDecimal(areaWidthCm * PRINT_WIDTH_PER_SCALE * scale);
}

/**
 * The print area of one side in cm: the product's own (its record), else its mockup's largest.
 * Undefined when the product has neither for that side.
 */
export function sideAreaCm(
  product: { mockup?: MockupId | undefined; printAreas?: PrintAreasCm | undefined },
  side: PrintSide,
): PrintAreaCm | undefined {
  const own = product.printAreas?.[side];
  const drawn = product.mockup && isMockupId(product.mockup) ? mockupAreas[product.mockup][side] : undefined;
  if (own && own.widthCm > 0) {
    const heightCm = own.heightCm && own.heightCm > 0 ? own.heightCm : drawn?.heightCm;
    return heightCm === undefined ? { widthCm: own.widthCm } : { widthCm: own.widthCm, heightCm };
  }
  return drawn ? { widthCm: drawn.widthCm, heightCm: drawn.heightCm } : undefined;
}

/** How large a print is against its area, in cm (height only when the image's proportions are known). */
export interface PrintFit {
  widthCm: number;
  heightCm?: number;
  areaWidthCm: number;
  areaHeightCm?: number;
  fits: boolean;
}

/**
 * The print's size against its area. `aspect` is the image's height / width; without it only the
 * width is checked (the server does not read an image's pixels to price an order).
 */
export function printFit(area: PrintAreaCm, scale: number, aspect?: number): PrintFit {
  const widthCm = printWidthOnArea(area.widthCm, scale);
  const heightCm = aspect !== undefined && aspect > 0 ? oneDecimal(widthCm * aspect) : undefined;
  const wide = widthCm > area.widthCm;
  const tall = heightCm !== undefined && area.heightCm !== undefined && heightCm > area.heightCm;
  return {
    widthCm,
    ...(heightCm !== undefined ? { heightCm } : {}),
    areaWidthCm: area.widthCm,
    ...(area.heightCm !== undefined ? { areaHeightCm: area.heightCm } : {}),
    fits: !wide && !tall,
  };
}

/**
 * The largest scale on the slider's grid (0.1 steps from 0.1) whose print fits the area: the
 * slider's end. Never below the slider's start, so a print can always be placed (at its smallest
 * an image of absurd proportions may still be too tall; the server then checks the width only).
 */
export function largestFittingScale(area: PrintAreaCm, aspect?: number): number {
  const steps = Math.round(SCALE_MIN / SCALE_STEP);
  let best = steps;
  // The grid from 0.1 upwards; 1 / PRINT_WIDTH_PER_SCALE (0.625) caps the width, so 7 steps at most.
  for (let k = steps; k * SCALE_STEP * PRINT_WIDTH_PER_SCALE <= 1 + 1e-9; k += 1) {
    if (printFit(area, oneDecimal(k * SCALE_STEP), aspect).fits) best = k;
  }
  return oneDecimal(best * SCALE_STEP);
}

/**
 * A line's prints wider than their side's print area, with their sizes: orders stored before the
 * customiser and the server kept prints within it (the board flags them, the job ticket says so).
 * The areas the line was sold with, else the catalogue's (`sold`).
 */
export function printsTooLarge(
  line: {
    customisation?: { prints: readonly PrintPlacement[] } | undefined;
    printAreas?: PrintAreasCm | undefined;
    mockup?: MockupId | undefined;
  },
  sold?: { mockup?: MockupId | undefined; printAreas?: PrintAreasCm | undefined },
): { print: PrintPlacement; fit: PrintFit }[] {
  const product = { mockup: line.mockup ?? sold?.mockup, printAreas: line.printAreas ?? sold?.printAreas };
  return (line.customisation?.prints ?? []).flatMap((print) => {
    const area = sideAreaCm(product, print.side);
    const fit = area && printFit(area, print.scale);
    return fit && !fit.fits ? [{ print, fit }] : [];
  });
}

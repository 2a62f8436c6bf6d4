import type { PrintSide } from '@/shared/catalogue';
import { printGeometry, type MockupId, type PrintGeometry, type PrintRect } from '@/shared/print-areas';

/**
 * Where prints may go on the garment mockups: pure data and arithmetic, so the cart can ask
 * "is this designed on a mockup?" without loading the drawings. Which mockup and how large each
 * print area is come from the product's record (its `mockup` and `printAreas`).
 */
export type { MockupId, PrintGeometry, PrintRect };
export type MockupSide = PrintSide;
export { printGeometry };

/**
 * Print width in % of the preview. Size 100 % is a large print for the side (1.6 × the marked
 * print area's width); the default 30 % is a chest-logo size that fits the area on every product.
 */
export function printWidthPercent(geometry: PrintGeometry, side: MockupSide, scale: number): number {
  return ((geometry.rects[side].width * 1.6 * scale) / 400) * 100;
}

import type { PrintSide } from '@/shared/catalogue';
import { printArea, type MockupProductId } from '@/shared/print-areas';

/**
 * Where prints may go on the garment mockups: pure data and arithmetic, so the cart can ask
 * "is this a mockup product?" without loading the drawings.
 */
export type MockupProduct = MockupProductId;
export type MockupSide = PrintSide;
export interface PrintRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const mockupProducts: readonly string[] = [
  'tshirt-bomull',
  'hoodie',
  'crewneck',
  'baseball-keps',
  'mossa',
] satisfies MockupProduct[];
/** Products that have a drawn mockup (the five customiser products). */
export const isMockupProduct = (id: string): id is MockupProduct => mockupProducts.includes(id);

export { printArea } from '@/shared/print-areas';

/**
 * Print width in % of the preview. Size 100 % is a large print for the side (1.6 × the marked
 * print area's width); the default 30 % is a chest-logo size that fits the area on every product.
 */
export function printWidthPercent(product: MockupProduct, side: MockupSide, scale: number): number {
  return ((printArea[product][side].width * 1.6 * scale) / 400) * 100;
}

import type { PrintSide } from '@/shared/catalogue';

/**
 * Where prints may go on the garment mockups: pure data and arithmetic, so the cart can ask
 * "is this a mockup product?" without loading the drawings.
 */
export type MockupProduct = 'tshirt-bomull' | 'hoodie' | 'crewneck' | 'baseball-keps' | 'mossa';
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

/**
 * Printable rectangle (viewBox units) per product and side. Sides that are not
 * drawn for a product map to the rectangle of the view that is rendered instead.
 */
export const printArea: Record<MockupProduct, Record<MockupSide, PrintRect>> = {
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

/**
 * Print width in % of the preview. Size 100 % is a large print for the side (1.6 × the marked
 * print area's width); the default 30 % is a chest-logo size that fits the area on every product.
 */
export function printWidthPercent(product: MockupProduct, side: MockupSide, scale: number): number {
  return ((printArea[product][side].width * 1.6 * scale) / 400) * 100;
}

import { describe, expect, it } from 'vitest';
import type { PrintSide, Product } from '@/shared/catalogue';
import { seedProduct as findProduct } from '@/shared/catalogue-seed';
import {
  printGeometry,
  printWidthPercent,
  type PrintGeometry,
  type PrintRect,
} from '@/client/components/print-area';
import { mockupIds } from '@/shared/print-areas';
import { printSideIds } from '@/shared/print-options';
import { readCustomisation } from '@/shared/customisation';
import {
  anotherPrint,
  clampPosition,
  clampScale,
  defaultPosition,
  freeSides,
  largestScale,
  isNotWholeNumber,
  nudge,
  placeFor,
  quote,
  scaleLabel,
  toCustomisation,
  type PrintDraft,
} from './customiser-model';

const hoodie = findProduct('hoodie') as Product;
const beanie = findProduct('mossa') as Product;
const cap = findProduct('baseball-keps') as Product;

describe('customiser quote', () => {
  it('applies the highest tier not above the quantity and prices to the öre (50 hoodies = 5 718,75 kr)', () => {
    const q = quote(hoodie, '50', 'en');
    expect(q.tier?.quantity).toBe(50);
    expect(q.total).toBe(5_718_750);
    expect(q.problem).toBeUndefined();
    expect(quote(hoodie, '99', 'en').tier?.quantity).toBe(50);
    expect(quote(hoodie, '99', 'en').total).toBe(99 * 114_375 + 5); // 11 323,125 → 11 323,13 (half-up)
    expect(quote(hoodie, '100', 'en').tier?.quantity).toBe(100);
    expect(quote(hoodie, '5000', 'en').tier?.quantity).toBe(500);
    expect(quote(hoodie, '20', 'en').nextTier?.quantity).toBe(50);
    expect(quote(hoodie, '500', 'en').nextTier).toBeUndefined();
  });

  it('below the first tier: the minimum message, no total (beanie: 25)', () => {
    expect(quote(hoodie, '19', 'en')).toMatchObject({
      quantity: 19,
      problem: 'Minimum order is 20 pcs',
      total: undefined,
    });
    expect(quote(beanie, '24', 'en').problem).toBe('Minimum order is 25 pcs');
    // In Swedish: "st", the same rule.
    expect(quote(beanie, '24', 'sv').problem).toBe('Minsta beställning är 25 st');
    expect(quote(beanie, '25', 'en').problem).toBeUndefined();
    expect(quote(cap, '20', 'en').total).toBe(20 * 66_000);
  });

  it('non-numeric, negative, decimal, empty and huge input count as nothing orderable', () => {
    for (const text of ['', 'abc', '-50', '12.5', '5e3', '50 st', 'NaN', '١٢٣']) {
      const q = quote(hoodie, text, 'en');
      expect(q.quantity).toBe(0);
      expect(q.problem).toBe('Minimum order is 20 pcs');
      expect(q.total).toBeUndefined();
    }
    expect(quote(hoodie, ' 60 ', 'en').quantity).toBe(60);
    expect(quote(hoodie, '99999999999999999999', 'en').problem).toBe('Minimum order is 20 pcs');
    expect(quote(hoodie, '1000001', 'en').problem).toMatch(/^Maximum order is 1\s000\s000 pcs$/);
    expect(quote(hoodie, '1000001', 'sv').problem).toMatch(/^Största beställning är 1\s000\s000 st$/);
    expect(quote(hoodie, '1000000', 'en').problem).toBeUndefined();
    expect(isNotWholeNumber('12a')).toBe(true);
    expect(isNotWholeNumber('120')).toBe(false);
    expect(isNotWholeNumber('')).toBe(false);
  });
});

describe('print placement', () => {
  it('clamps positions to 10–90 % and scales to 0.1–2 on the 0.1 grid', () => {
    expect(clampPosition(5)).toBe(10);
    expect(clampPosition(95)).toBe(90);
    expect(clampPosition(-Infinity)).toBe(50);
    expect(clampPosition(Number.NaN)).toBe(50);
    expect(clampPosition(33.333)).toBe(33.3);
    expect(clampScale(0)).toBe(0.1);
    expect(clampScale(3)).toBe(2);
    expect(clampScale(0.1 + 0.2)).toBe(0.3);
    expect(clampScale(Number.NaN)).toBe(0.3);
    expect(scaleLabel(0.3)).toBe('30 %');
    expect(scaleLabel(2)).toBe('200 %');
  });

  it('arrow keys move 1 % (Shift: 5 %) and never past the limits', () => {
    expect(nudge({ x: 50, y: 50 }, 'ArrowRight', false)).toEqual({ x: 51, y: 50 });
    expect(nudge({ x: 50, y: 50 }, 'ArrowUp', true)).toEqual({ x: 50, y: 45 });
    expect(nudge({ x: 10, y: 90 }, 'ArrowLeft', true)).toEqual({ x: 10, y: 90 });
    expect(nudge({ x: 88, y: 88 }, 'ArrowDown', true)).toEqual({ x: 88, y: 90 });
    expect(nudge({ x: 50, y: 50 }, 'Enter', false)).toBeUndefined();
  });

  it('new prints start in the middle of the print area, within the limits', () => {
    expect(defaultPosition(geometryOf('tshirt-bomull'), 'front')).toEqual({ x: 50, y: 45.5 });
    const beanieFront = defaultPosition(geometryOf('mossa'), 'front');
    expect(beanieFront.y).toBeGreaterThan(70);
    expect(beanieFront.y).toBeLessThanOrEqual(90);
  });

  it('only uploaded prints join the design, and the result passes the cart reader', () => {
    const prints: PrintDraft[] = [
      {
        key: 'dtg',
        method: 'dtg',
        side: 'back',
        x: 12.34,
        y: 99,
        scale: 0.30000000000000004,
        upload: {
          id: 'abcdefgh12345678',
          url: '/api/uploads/abcdefgh12345678',
          fileName: 'a.png',
          contentType: 'image/png',
          size: 10,
          kind: 'raster',
        },
      },
      { key: 'screen', method: 'screen', side: 'front', x: 50, y: 50, scale: 0.3 },
    ];
    const design = toCustomisation('navy', prints, '  10 S, 20 M  ');
    expect(design).toEqual({
      color: 'navy',
      prints: [{ method: 'dtg', uploadId: 'abcdefgh12345678', side: 'back', x: 12.3, y: 90, scale: 0.3 }],
      additionalInfo: '10 S, 20 M',
    });
    expect(readCustomisation(design)).toEqual(design);
  });
});

/** The seed product's mockup and print areas, as its record gives them. */
function geometryOf(id: string): PrintGeometry {
  const product = findProduct(id);
  const geometry = product && printGeometry(product);
  if (!geometry) throw new Error(`${id} has no mockup`);
  return geometry;
}

describe('placing a second print on a side', () => {
  it('stays in the middle when alone, and moves clear of a print the buyer placed', () => {
    const centre = defaultPosition(geometryOf('hoodie'), 'front');
    expect(placeFor(geometryOf('hoodie'), 'front', [])).toEqual({ position: centre });
    const below = placeFor(geometryOf('tshirt-bomull'), 'back', [{ x: 50, y: 35, scale: 0.3 }]);
    expect(below.position.x).toBe(50);
    expect(below.position.y).toBeGreaterThan(35);
    expect(below.other).toBeUndefined();
    const above = placeFor(geometryOf('tshirt-bomull'), 'back', [{ x: 50, y: 62, scale: 0.3 }]);
    expect(above.position.y).toBeLessThan(62);
  });

  const within = (position: { x: number; y: number }, size: number, area: PrintRect) => {
    expect(position.x - size / 2).toBeGreaterThanOrEqual(area.x / 4 - 0.1);
    expect(position.x + size / 2).toBeLessThanOrEqual((area.x + area.width) / 4 + 0.1);
    expect(position.y - size / 2).toBeGreaterThanOrEqual(area.y / 4 - 0.1);
    expect(position.y + size / 2).toBeLessThanOrEqual((area.y + area.height) / 4 + 0.1);
  };

  // The beanie's print area is a thin band on the cuff: a second print used to land below the beanie.
  it.each(
    mockupIds.flatMap((product) =>
      printSideIds.map((side) => {
        const geometry = printGeometry({ mockup: product });
        if (!geometry) throw new Error(product);
        return { product, side, geometry, area: geometry.rects[side] };
      }),
    ),
  )(
    '$product $side: two prints at the default size share the print area without covering each other',
    ({ side, geometry, area }) => {
      const mockup = geometry;
      const printSide: PrintSide = side;
      const first = { ...defaultPosition(mockup, printSide), scale: 0.3 };
      const size = printWidthPercent(mockup, printSide, 0.3);
      const { position, other = first } = placeFor(mockup, printSide, [first]);
      within(position, size, area);
      within(other, size, area);
      const apart = Math.max(Math.abs(position.x - other.x), Math.abs(position.y - other.y));
      expect(apart).toBeGreaterThanOrEqual(size);
    },
  );

  it("on the beanie's cuff the two sit side by side", () => {
    const first = { ...defaultPosition(geometryOf('mossa'), 'front'), scale: 0.3 };
    const { position, other } = placeFor(geometryOf('mossa'), 'front', [first]);
    expect(position.y).toBe(first.y);
    expect(other?.y).toBe(first.y);
    expect(other?.x).toBeLessThan(first.x);
    expect(position.x).toBeGreaterThan(first.x);
  });
});

describe('prints that fit, and one method on several sides', () => {
  const tshirt = findProduct('tshirt-bomull') as Product;
  const image = (width: number, height: number) => ({
    id: 'abcdefgh12345678',
    url: '/api/uploads/abcdefgh12345678',
    fileName: 'a.png',
    contentType: 'image/png',
    size: 10,
    kind: 'raster' as const,
    width,
    height,
  });

  it('the slider ends where the print still fits the side, by the image’s proportions', () => {
    // T-shirt front 30 × 35 cm: 60 % (28,8 cm) without an image or with a square one.
    expect(largestScale(tshirt, 'front', undefined)).toBe(0.6);
    expect(largestScale(tshirt, 'front', image(600, 600))).toBe(0.6);
    // Hoodie front 28 × 24,4 cm: a square print of 60 % is 26,9 cm high, so 50 %.
    expect(largestScale(hoodie, 'front', image(600, 600))).toBe(0.5);
    // A wide banner on the beanie's cuff (9 × 4,5 cm) may be as wide as the cuff allows.
    expect(largestScale(beanie, 'front', image(800, 100))).toBe(0.6);
    expect(clampScale(5)).toBe(2);
  });

  it('another print of a method goes on a side it is not on yet, and none when every side has one', () => {
    const geometry = geometryOf('tshirt-bomull');
    const first: PrintDraft = { key: 'screen', method: 'screen', side: 'front', x: 50, y: 45, scale: 0.3 };
    const dtg: PrintDraft = { key: 'dtg', method: 'dtg', side: 'back', x: 50, y: 45, scale: 0.3 };
    expect(freeSides([first, dtg], 'screen', ['front', 'back'])).toEqual(['back']);
    const second = anotherPrint(geometry, [dtg, first], 'screen', ['front', 'back']);
    expect(second).toMatchObject({ key: 'screen-2', method: 'screen', side: 'back', scale: 0.3 });
    expect(anotherPrint(geometry, [dtg, first, second as PrintDraft], 'screen', ['front', 'back'])).toBe(
      undefined,
    );
    // The back is the second print's own side: it may move back to it, not to the front.
    expect(freeSides([first, second as PrintDraft], 'screen', ['front', 'back'], 'screen-2')).toEqual([
      'back',
    ]);
  });

  it('screen print front and back joins the design as two prints the cart reader takes', () => {
    const upload = image(600, 600);
    const design = toCustomisation(
      'black',
      [
        { key: 'screen', method: 'screen', side: 'front', x: 50, y: 45, scale: 0.6, upload },
        { key: 'screen-2', method: 'screen', side: 'back', x: 50, y: 40, scale: 0.5, upload },
      ],
      '',
    );
    expect(design.prints.map((p) => [p.method, p.side])).toEqual([
      ['screen', 'front'],
      ['screen', 'back'],
    ]);
    expect(readCustomisation(design)).toEqual(design);
  });
});

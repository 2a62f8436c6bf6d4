import { describe, expect, it } from 'vitest';
import { seedProduct } from './catalogue-seed';
import { largestFittingScale, printFit, printWidthOnArea, sideAreaCm } from './print-fit';

const tshirt = seedProduct('tshirt-bomull');
const beanie = seedProduct('mossa');

describe('a print fits its print area', () => {
  it('keeps the width a scale gives today: area × 1,6 × scale, to 0,1 cm', () => {
    // The T-shirt front: 30 cm, 200 % was "cirka 96 cm brett".
    expect(printWidthOnArea(30, 2)).toBe(96);
    expect(printWidthOnArea(30, 0.3)).toBe(14.4);
    expect(printWidthOnArea(28, 1)).toBe(44.8);
  });

  it('reads the side’s area from the product, else from its mockup', () => {
    expect(tshirt && sideAreaCm(tshirt, 'front')).toEqual({ widthCm: 30, heightCm: 35 });
    expect(beanie && sideAreaCm(beanie, 'front')).toEqual({ widthCm: 9, heightCm: 4.5 });
    expect(sideAreaCm({ mockup: 'hoodie' }, 'back')).toEqual({ widthCm: 32, heightCm: 29.3 });
    expect(sideAreaCm({ printAreas: { front: { widthCm: 20 } } }, 'front')).toEqual({ widthCm: 20 });
    expect(sideAreaCm({}, 'front')).toBeUndefined();
  });

  it('a print as wide as the area fits; one 0,1 cm wider does not', () => {
    expect(printFit({ widthCm: 30, heightCm: 35 }, 0.6)).toEqual({
      widthCm: 28.8,
      areaWidthCm: 30,
      areaHeightCm: 35,
      fits: true,
    });
    expect(printFit({ widthCm: 30, heightCm: 35 }, 0.7).fits).toBe(false);
    expect(printFit({ widthCm: 30, heightCm: 35 }, 2)).toMatchObject({ widthCm: 96, fits: false });
    // 10 cm × 1,6 × 0,625 = 10 cm exactly.
    expect(printFit({ widthCm: 10 }, 0.625).fits).toBe(true);
  });

  it('with the image’s proportions known its height must fit too', () => {
    const area = { widthCm: 30, heightCm: 35 };
    // A square image at 60 %: 28,8 × 28,8 cm, inside 30 × 35.
    expect(printFit(area, 0.6, 1)).toMatchObject({ heightCm: 28.8, fits: true });
    // A portrait image twice as tall as wide: 28,8 × 57,6 cm does not fit 35 cm.
    expect(printFit(area, 0.6, 2)).toMatchObject({ heightCm: 57.6, fits: false });
    // An area with a width only checks the width.
    expect(printFit({ widthCm: 30 }, 0.6, 2).fits).toBe(true);
  });

  it('the slider ends at the largest 0,1 step that fits, never below its start', () => {
    expect(largestFittingScale({ widthCm: 30, heightCm: 35 })).toBe(0.6);
    expect(largestFittingScale({ widthCm: 9, heightCm: 4.5 })).toBe(0.6);
    // The beanie's cuff with a square image: 4,5 cm high allows 0,3 (4,3 cm), not 0,4 (5,8 cm).
    expect(largestFittingScale({ widthCm: 9, heightCm: 4.5 }, 1)).toBe(0.3);
    // A portrait image on the T-shirt front: 35 cm high allows 0,3 (14,4 × 28,8), not 0,4.
    expect(largestFittingScale({ widthCm: 30, heightCm: 35 }, 2)).toBe(0.3);
    // An image that fits at no size still gets the slider's start.
    expect(largestFittingScale({ widthCm: 9, heightCm: 4.5 }, 50)).toBe(0.1);
    for (const area of [{ widthCm: 30 }, { widthCm: 12, heightCm: 8.3 }, { widthCm: 7, heightCm: 8.6 }]) {
      const max = largestFittingScale(area);
      expect(printFit(area, max).fits).toBe(true);
      expect(printFit(area, Math.round((max + 0.1) * 10) / 10).fits).toBe(false);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { distinctRasterFiles } from './print-files';

const sha = (digit: string) => digit.repeat(64);

describe('distinctRasterFiles (the cart’s count of conversion fees)', () => {
  it('counts the same bytes uploaded twice as one raster file, as the server charges', () => {
    expect(
      distinctRasterFiles([
        { id: 'crest-on-hoodie', kind: 'raster', sha256: sha('a') },
        { id: 'crest-on-beanie', kind: 'raster', sha256: sha('a') },
        { id: 'photo', kind: 'raster', sha256: sha('b') },
        { id: 'logo', kind: 'vector', sha256: sha('c') },
      ]),
    ).toBe(2);
  });

  it('counts a file stored before answers carried sha256 by its id', () => {
    expect(
      distinctRasterFiles([
        { id: 'old-1', kind: 'raster' },
        { id: 'old-2', kind: 'raster' },
      ]),
    ).toBe(2);
  });
});

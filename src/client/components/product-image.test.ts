import { describe, expect, it } from 'vitest';
import { productImages } from '@/shared/product-images';
import { productImageNames, productImageUrl } from './product-image';

describe('product pictures', () => {
  it('the list the owner picks from (and the server checks) is exactly the drawings the shop has', () => {
    expect([...productImageNames].sort()).toEqual([...productImages].sort());
    expect(productImageUrl('becknarväska')).toBeTruthy();
    expect(productImageUrl(undefined)).toBeUndefined();
  });
});

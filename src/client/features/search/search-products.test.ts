import { describe, expect, it } from 'vitest';
import { searchProducts } from './search-dialog';

const ids = (query: string) => searchProducts(query).map((product) => product.id);

describe('header search', () => {
  it('knows Swedish names and everyday words for a product', () => {
    expect(ids('luvtröja')).toEqual(['hoodie']);
    expect(ids('Kuponghäfte')).toEqual(['kuponghäfte']);
    expect(ids('marinblå')).toEqual([]);
    expect(ids('midjeväska')).toEqual(['becknarväska']);
  });
  it('finds by words of the Swedish and English descriptions alike', () => {
    expect(ids('känguruficka')).toEqual(['hoodie']);
    expect(ids('kangaroo pocket')).toEqual(['hoodie']);
  });
});

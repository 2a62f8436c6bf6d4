import { describe, expect, it } from 'vitest';
import { cartReducer, parseStoredCart, priceCart } from './cart-model';

const design = {
  color: 'navy',
  prints: [{ method: 'dtg' as const, uploadId: 'abcdefgh1234', side: 'front' as const, x: 50, y: 40, scale: 0.3 }],
  additionalInfo: '',
};

describe('cart', () => {
  it('adding the same product merges quantities; a different design is its own line', () => {
    let lines = cartReducer([], { type: 'add', productId: 'kuponghäfte', quantity: 100 });
    lines = cartReducer(lines, { type: 'add', productId: 'kuponghäfte', quantity: 200 });
    expect(lines).toEqual([{ key: 'kuponghäfte', productId: 'kuponghäfte', quantity: 300 }]);
    lines = cartReducer(lines, { type: 'add', productId: 'hoodie', quantity: 20, customisation: design });
    lines = cartReducer(lines, { type: 'add', productId: 'hoodie', quantity: 30, customisation: { ...design, color: 'red' } });
    lines = cartReducer(lines, { type: 'add', productId: 'hoodie', quantity: 30, customisation: design });
    expect(lines.map((l) => [l.productId, l.quantity])).toEqual([['kuponghäfte', 300], ['hoodie', 50], ['hoodie', 30]]);
  });

  it('set quantity clamps to the minimum, remove and clear empty it', () => {
    let lines = cartReducer([], { type: 'add', productId: 'tejp', quantity: 120 });
    const key = lines[0]?.key ?? '';
    lines = cartReducer(lines, { type: 'setQuantity', key, quantity: 5 });
    expect(lines[0]?.quantity).toBe(120);
    lines = cartReducer(lines, { type: 'setQuantity', key, quantity: Number.NaN });
    expect(lines[0]?.quantity).toBe(120);
    expect(cartReducer(lines, { type: 'remove', key })).toEqual([]);
    expect(cartReducer(lines, { type: 'clear' })).toEqual([]);
  });

  it('prices lines by the tier of their own quantity; total and count add up', () => {
    let lines = cartReducer([], { type: 'add', productId: 'kuponghäfte', quantity: 100 });
    lines = cartReducer(lines, { type: 'setQuantity', key: 'kuponghäfte', quantity: 5000 });
    lines = cartReducer(lines, { type: 'add', productId: 'hoodie', quantity: 50 });
    const priced = priceCart(lines);
    expect(priced.lines.map((l) => l.unitPrice)).toEqual([8000, 114375]);
    expect(priced.total).toBe(40_000_000 + 5_718_750);
    expect(priced.count).toBe(5050);
  });

  it('reads a stored cart back distrusting everything', () => {
    expect(parseStoredCart('not an array')).toEqual([]);
    expect(parseStoredCart(null)).toEqual([]);
    const lines = parseStoredCart([
      { productId: 'nope', quantity: 10 },
      { productId: 'hoodie', quantity: 3 },
      { productId: 'tejp', quantity: '500' },
      { productId: 'hoodie', quantity: 20, customisation: { color: 'navy', prints: 'x' } },
      { productId: 'crewneck', quantity: 1e12, customisation: design },
      42,
      null,
    ]);
    expect(lines.map((l) => [l.productId, l.quantity])).toEqual([['hoodie', 20], ['tejp', 120], ['crewneck', 1_000_000]]);
  });
});

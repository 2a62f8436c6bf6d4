import { describe, expect, it } from 'vitest';
import { cartReducer, parseStoredCart, priceCart } from './cart-model';

const design = {
  color: 'navy',
  prints: [
    { method: 'dtg' as const, uploadId: 'abcdefgh1234', side: 'front' as const, x: 50, y: 40, scale: 0.3 },
  ],
  additionalInfo: '',
};

describe('cart', () => {
  it('adding the same product merges quantities; a different design is its own line', () => {
    let lines = cartReducer([], { type: 'add', productId: 'kuponghäfte', quantity: 100 });
    lines = cartReducer(lines, { type: 'add', productId: 'kuponghäfte', quantity: 200 });
    expect(lines).toEqual([{ key: 'kuponghäfte', productId: 'kuponghäfte', quantity: 300 }]);
    lines = cartReducer(lines, { type: 'add', productId: 'hoodie', quantity: 20, customisation: design });
    lines = cartReducer(lines, {
      type: 'add',
      productId: 'hoodie',
      quantity: 30,
      customisation: { ...design, color: 'red' },
    });
    lines = cartReducer(lines, { type: 'add', productId: 'hoodie', quantity: 30, customisation: design });
    expect(lines.map((l) => [l.productId, l.quantity])).toEqual([
      ['kuponghäfte', 300],
      ['hoodie', 50],
      ['hoodie', 30],
    ]);
  });

  it('a quantity from the minimum up is kept as chosen; one below is refused, never raised', () => {
    let lines = cartReducer([], { type: 'add', productId: 'tejp', quantity: 120 });
    const key = lines[0]?.key ?? '';
    lines = cartReducer(lines, { type: 'setQuantity', key, quantity: 5 });
    expect(lines[0]?.quantity).toBe(120);
    lines = cartReducer(lines, { type: 'setQuantity', key, quantity: Number.NaN });
    expect(lines[0]?.quantity).toBe(120);
    // Off any tier and off the minimum's multiples: kept, priced by the tier below it.
    lines = cartReducer(lines, { type: 'setQuantity', key, quantity: 133 });
    expect(lines[0]?.quantity).toBe(133);
    expect(cartReducer([], { type: 'add', productId: 'hoodie', quantity: 10 })).toEqual([]);
    expect(cartReducer([], { type: 'add', productId: 'urvattad-keps', quantity: 50 })[0]?.quantity).toBe(50);
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
    // A product no longer on sale keeps its line: the cart says it can no longer be ordered.
    expect(lines.map((l) => [l.productId, l.quantity])).toEqual([
      ['nope', 10],
      ['hoodie', 20],
      ['tejp', 120],
      ['crewneck', 1_000_000],
    ]);
  });
});

describe('a product taken off sale', () => {
  it('its stored line is kept apart from the priced lines and never counts in the total', () => {
    const lines = parseStoredCart([
      { productId: 'hoodie', quantity: 20, sizes: { M: 20 }, options: { colour: 'navy' } },
      { productId: 'gone-product', quantity: 40 },
    ]);
    const cart = priceCart(lines);
    expect(cart.lines.map((l) => l.productId)).toEqual(['hoodie']);
    expect(cart.unavailable.map((l) => [l.productId, l.quantity])).toEqual([['gone-product', 40]]);
    expect(cart.total).toBe(2_640_000);
  });
});

describe('size splits in the cart', () => {
  it('a tier-page garment line needs a split; setSizes fills it; changing the quantity keeps the split and flags it', () => {
    let lines = cartReducer([], { type: 'add', productId: 'zip', quantity: 50 });
    expect(priceCart(lines).lines[0]?.sizeProblem).toEqual({ kind: 'required', quantity: 50 });
    lines = cartReducer(lines, { type: 'setSizes', key: 'zip', sizes: { S: 20, M: 30, L: 0 } });
    expect(lines[0]?.sizes).toEqual({ S: 20, M: 30 });
    expect(priceCart(lines).lines[0]?.sizeProblem).toBeUndefined();
    lines = cartReducer(lines, { type: 'setQuantity', key: 'zip', quantity: 60 });
    expect(lines[0]?.sizes).toEqual({ S: 20, M: 30 });
    expect(priceCart(lines).lines[0]?.sizeProblem).toEqual({ kind: 'mismatch', quantity: 60, total: 50 });
  });

  it('the same design added twice adds its splits size by size; non-garments never carry one', () => {
    let lines = cartReducer([], { type: 'add', productId: 'hoodie', quantity: 20, sizes: { S: 20 } });
    lines = cartReducer(lines, { type: 'add', productId: 'hoodie', quantity: 30, sizes: { S: 10, L: 20 } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ quantity: 50, sizes: { S: 30, L: 20 } });
    lines = cartReducer(lines, { type: 'add', productId: 'mossa', quantity: 25, sizes: { M: 25 } });
    expect(lines[1]?.sizes).toBeUndefined();
    lines = cartReducer(lines, { type: 'setSizes', key: 'mossa', sizes: { M: 25 } });
    expect(lines[1]?.sizes).toBeUndefined();
    expect(priceCart(lines).lines.map((l) => l.sizeProblem)).toEqual([undefined, undefined]);
  });

  it('a stored split is read back checked: a bad one is dropped, the line stays', () => {
    const lines = parseStoredCart([
      { productId: 'hoodie', quantity: 50, sizes: { M: 50 } },
      { productId: 'tracktop', quantity: 20, sizes: { XXXL: 20 } },
      { productId: 'zip', quantity: 20, sizes: { M: -1 } },
    ]);
    expect(lines.map((l) => [l.productId, l.sizes])).toEqual([
      ['hoodie', { M: 50 }],
      ['tracktop', undefined],
      ['zip', undefined],
    ]);
  });
});

describe('choices and one design across colours', () => {
  it('two colours of a washed cap are two lines; a choice made in the cart moves the line to its key', () => {
    let lines = cartReducer([], {
      type: 'add',
      productId: 'urvattad-keps',
      quantity: 20,
      options: { colour: 'navy', decoration: 'embroidery' },
    });
    lines = cartReducer(lines, {
      type: 'add',
      productId: 'urvattad-keps',
      quantity: 20,
      options: { colour: 'black', decoration: 'embroidery' },
    });
    expect(lines).toHaveLength(2);
    // A line stored before the product had choices: the cart asks for them and blocks checkout.
    lines = cartReducer(lines, { type: 'add', productId: 'urvattad-keps', quantity: 50 });
    expect(priceCart(lines).lines[2]?.optionsProblem).toEqual({ kind: 'missing', option: 'colour' });
    lines = cartReducer(lines, {
      type: 'setOption',
      key: lines[2]?.key ?? '',
      option: 'colour',
      choice: 'navy',
    });
    lines = cartReducer(lines, {
      type: 'setOption',
      key: lines[2]?.key ?? '',
      option: 'decoration',
      choice: 'embroidery',
    });
    expect(lines.map((l) => [l.options?.colour, l.quantity])).toEqual([
      ['navy', 70],
      ['black', 20],
    ]);
  });

  it('one design in navy and red is priced at the tier of both together, and says so', () => {
    const lines = cartReducer(
      cartReducer([], { type: 'add', productId: 'hoodie', quantity: 60, customisation: design }),
      { type: 'add', productId: 'hoodie', quantity: 60, customisation: { ...design, color: 'red' } },
    );
    const priced = priceCart(lines);
    expect(priced.lines.map((l) => [l.unitPrice, l.tierQuantity, l.combinedWith])).toEqual([
      [96_000, 120, 1],
      [96_000, 120, 1],
    ]);
    expect(priced.total).toBe(11_520_000);
    // Alone, 60 hoodies are at the 50 tier.
    expect(priceCart(lines.slice(0, 1)).lines[0]?.unitPrice).toBe(114_375);
  });
});

import { describe, expect, it } from 'vitest';
import { orderLineText, sentDetails } from './order-line-text';

describe('orderLineText: an order line in its reader’s words', () => {
  const tshirt = {
    productId: 'tshirt-bomull',
    name: 'Cotton T-shirt',
    sizes: { L: 15, S: 10, M: 25 },
    options: { colour: 'black' },
    notes: 'Logo 8 cm wide',
  };

  it('names product, colour and sizes in Swedish and in English, colour first', () => {
    const sv = orderLineText('sv', tshirt);
    expect(sv).toMatchObject({ name: 'T-shirt i bomull', colour: 'Svart', sizes: '10 S, 25 M, 15 L' });
    expect(sv.details.map((d) => d.text)).toEqual([
      'Färg: Svart',
      'Storlekar: 10 S, 25 M, 15 L',
      'Anteckning: Logo 8 cm wide',
    ]);
    expect(orderLineText('en', tshirt).details.map((d) => d.text)).toEqual([
      'Colour: Black',
      'Sizes: 10 S, 25 M, 15 L',
      'Note: Logo 8 cm wide',
    ]);
  });

  it('a design gives the colour and its prints; other choices keep their labels; the note and the additional information are not sent', () => {
    const cap = orderLineText('sv', {
      productId: 'urvattad-keps',
      name: 'Washed Cap',
      options: { colour: 'navy', decoration: 'transfer' },
      customisation: {
        color: 'navy',
        prints: [{ method: 'screen', uploadId: 'u1', side: 'front', x: 50, y: 40, scale: 0.5 }],
        additionalInfo: 'Pantone 286',
      },
      notes: 'Call me',
    });
    expect(cap.name).toBe('Urtvättad keps');
    expect(cap.details.map((d) => d.part)).toEqual([
      'colour',
      'options',
      'prints',
      'notes',
      'additionalInfo',
    ]);
    expect(cap.prints).toEqual(['Screentryck (Framsida)']);
    expect(cap.options).toBe('Dekor: Transfertryck');
    expect(sentDetails(cap).map((d) => d.text)).toEqual([
      'Färg: Marinblå',
      'Dekor: Transfertryck',
      'Tryck: Screentryck (Framsida)',
    ]);
  });

  it('a fee line is the fee; an id the catalogue lacks keeps its stored name', () => {
    expect(orderLineText('sv', { productId: 'conversion', name: 'x', fee: 'conversion' }).name).toBe(
      orderLineText('sv', { productId: 'other', name: 'x', fee: 'conversion' }).name,
    );
    expect(orderLineText('sv', { productId: 'gone', name: 'Old Mug' })).toMatchObject({
      name: 'Old Mug',
      colour: null,
      sizes: null,
      details: [],
    });
  });
});

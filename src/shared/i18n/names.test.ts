import { describe, expect, it } from 'vitest';
import { colors } from '@/shared/catalogue';
import { orderStatuses } from '@/shared/order-status';
import { colourMessages, colourName } from './messages/colours';
import { orderStatusMessages } from './messages/order-status';

describe('names the catalogues must have for every id', () => {
  it('every garment colour, in Swedish and in English as the customiser labels it', () => {
    for (const colour of colors) {
      expect(colourName('en', colour.id)).toBe(colour.label);
      expect(colourName('sv', colour.id)).not.toBe(colour.id);
    }
    expect(Object.keys(colourMessages.sv).sort()).toEqual(colors.map((c) => c.id).sort());
    expect(colourName('sv', 'navy')).toBe('Marinblå');
  });

  it('every order status, in both languages', () => {
    for (const locale of ['sv', 'en'] as const)
      expect(Object.keys(orderStatusMessages[locale]).sort()).toEqual([...orderStatuses].sort());
  });
});

import { describe, expect, it } from 'vitest';
import { seedCatalogue as products } from './catalogue-seed';
import type { CalendarDate } from './dates';
import {
  deliveryWorkingDays,
  estimatedDelivery,
  neededByAtRisk,
  neededByProblem,
  orderDelivery,
  shippingZone,
} from './delivery';

const day = (value: string) => value as CalendarDate;

describe('delivery estimates', () => {
  it('every product has a lead time: clothing 10, print products 7, accessories 12 working days', () => {
    const byCategory = new Map(products.map((p) => [p.category, p.productionDays]));
    expect(Object.fromEntries(byCategory)).toEqual({ tryckprodukter: 7, kläder: 10, accessoarer: 12 });
    for (const product of products) expect(product.productionDays).toBeGreaterThan(0);
  });

  it('ships to Sweden, the Nordics and the rest of Europe in their own times', () => {
    expect(shippingZone('SE')).toBe('sweden');
    expect(['NO', 'DK', 'FI', 'IS'].map(shippingZone)).toEqual(['nordics', 'nordics', 'nordics', 'nordics']);
    expect(shippingZone('DE')).toBe('europe');
    expect(shippingZone('GB')).toBe('europe');
    expect(deliveryWorkingDays(['hoodie'], 'SE')).toBe(12);
    expect(deliveryWorkingDays(['hoodie'], 'NO')).toBe(14);
    expect(deliveryWorkingDays(['hoodie'], 'DE')).toBe(16);
  });

  it('waits for the slowest product of the order', () => {
    expect(deliveryWorkingDays(['kuponghäfte', 'mossa'], 'SE')).toBe(14);
    // Approved Monday 23 November 2026: 12 working days later is Wednesday 9 December.
    expect(estimatedDelivery(['hoodie'], 'SE', day('2026-11-23'))).toBe('2026-12-09');
    // Approved mid-December: Christmas and New Year are not worked.
    expect(estimatedDelivery(['kuponghäfte'], 'SE', day('2026-12-18'))).toBe('2027-01-07');
  });

  it('flags a needed-by date earlier than the estimate', () => {
    expect(neededByAtRisk(day('2026-12-08'), day('2026-12-09'))).toBe(true);
    expect(neededByAtRisk(day('2026-12-09'), day('2026-12-09'))).toBe(false);
    expect(neededByAtRisk(null, day('2026-12-09'))).toBe(false);
  });

  it('accepts a needed-by date from today up to two years ahead', () => {
    const today = day('2026-11-23');
    expect(neededByProblem('2026-11-23', today)).toBeUndefined();
    expect(neededByProblem('2028-11-22', today)).toBeUndefined();
    expect(neededByProblem('2026-11-22', today)).toBe('past');
    expect(neededByProblem('2028-11-23', today)).toBe('tooFar');
    expect(neededByProblem('2026-02-30', today)).toBe('format');
    expect(neededByProblem('23/11/2026', today)).toBe('format');
  });
});

describe('an order’s delivery', () => {
  const hoodieToSweden = { productIds: ['hoodie'], countryCode: 'SE', neededBy: '2026-12-08' };

  it('counts from today until the proof is approved, then from the approval', () => {
    expect(orderDelivery({ ...hoodieToSweden, status: 'pending' }, day('2026-11-23'))).toEqual({
      estimate: '2026-12-09',
      countedFrom: 'today',
      neededBy: '2026-12-08',
      atRisk: true,
    });
    const approved = orderDelivery(
      { ...hoodieToSweden, status: 'pending', approvedOn: day('2026-11-20') },
      day('2026-11-23'),
    );
    expect(approved).toMatchObject({ estimate: '2026-12-08', countedFrom: 'approval', atRisk: false });
  });

  it('is never at risk once shipped or cancelled, or without a needed-by date', () => {
    for (const status of ['shipped', 'cancelled']) {
      expect(orderDelivery({ ...hoodieToSweden, status }, day('2026-11-23')).atRisk).toBe(false);
    }
    expect(
      orderDelivery({ ...hoodieToSweden, neededBy: null, status: 'pending' }, day('2026-11-23')).atRisk,
    ).toBe(false);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customisationKey, readCustomisation, type Customisation } from './customisation';
import { customisationSchema } from './customisation-schema';

const good: Customisation = {
  color: 'navy',
  prints: [{ method: 'dtg', uploadId: 'abcdefgh1234', side: 'front', x: 50, y: 40, scale: 0.3 }],
  additionalInfo: 'Logo centred',
};

describe('customisation', () => {
  it('the zod schema and the light reader agree on generated values', () => {
    const print = fc.record({
      method: fc.constantFrom('dtg', 'screen', 'laser'),
      uploadId: fc.oneof(fc.constant('abcdefgh1234'), fc.string()),
      side: fc.constantFrom('front', 'back', 'side', 'top'),
      x: fc.oneof(fc.double({ min: 0, max: 100, noNaN: true }), fc.constant(50)),
      y: fc.integer({ min: 0, max: 100 }),
      scale: fc.double({ min: 0, max: 3, noNaN: true }),
    });
    const value = fc.record({
      color: fc.constantFrom('navy', 'white', 'magenta', ''),
      prints: fc.array(print, { maxLength: 3 }),
      additionalInfo: fc.oneof(fc.string(), fc.integer()),
    });
    fc.assert(
      fc.property(value, (candidate) => {
        expect(readCustomisation(candidate) !== undefined).toBe(
          customisationSchema.safeParse(candidate).success,
        );
      }),
      { numRuns: 500 },
    );
  });

  it('keys identical designs the same and different designs differently', () => {
    expect(customisationKey(good)).toBe(customisationKey(structuredClone(good)));
    expect(customisationKey(good)).not.toBe(customisationKey({ ...good, color: 'red' }));
    expect(customisationKey(undefined)).toBe('');
  });
});

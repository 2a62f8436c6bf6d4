import { describe, expect, it } from 'vitest';
import { checkOrgNumber, checkPersonalNumber, luhnValid } from './swedish-id';

describe('Luhn', () => {
  it('accepts known-good numbers and rejects a changed digit', () => {
    expect(luhnValid('8112189876')).toBe(true);
    expect(luhnValid('5560160680')).toBe(true);
    expect(luhnValid('8112189877')).toBe(false);
    expect(luhnValid('5560160681')).toBe(false);
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('12a4')).toBe(false);
  });
});

describe('personnummer ÅÅÅÅMMDD-XXXX', () => {
  it.each([
    ['19811218-9876', 'ok'],
    ['198112189876', 'ok'],
    [' 19811218-9876 ', 'ok'],
    ['19811218-9877', 'checksum'],
    ['811218-9876', 'format'],
    ['19811318-9876', 'format'],
    ['19811200-9876', 'format'],
    ['abcdefgh-ijkl', 'format'],
    // Impossible calendar days with a right check digit: refused as a format error.
    ['19900231-1232', 'format'],
    ['19900431-1230', 'format'],
    ['19000229-1235', 'format'],
    ['20000229-1235', 'ok'],
    ['19900291-1239', 'format'],
  ])('%s → %s', (value, expected) => {
    expect(checkPersonalNumber(value)).toBe(expected);
  });
});

describe('organisationsnummer XXXXXX-XXXX', () => {
  it.each([
    ['556016-0680', 'ok'],
    ['5560160680', 'ok'],
    ['556016-0681', 'checksum'],
    ['55601-60680', 'format'],
    ['556016-068', 'format'],
  ])('%s → %s', (value, expected) => {
    expect(checkOrgNumber(value)).toBe(expected);
  });
});

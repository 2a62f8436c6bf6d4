import { describe, expect, it } from 'vitest';
import type { CalendarDate } from './dates';
import {
  checkOrgNumber,
  checkPersonalNumber,
  luhnValid,
  normaliseOrgNumber,
  normalisePersonalNumber,
} from './swedish-id';

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
    ['811218-9876', 'ok'],
    ['811218+9876', 'ok'],
    ['19811218 9876', 'ok'],
    ['8112189876', 'ok'],
    ['81121-89876', 'format'],
    ['1981121-89876', 'format'],
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
    ['556016 0680', 'ok'],
    ['16556016-0680', 'ok'],
    ['165560160680', 'ok'],
    ['17556016-0680', 'format'],
    ['556016-068', 'format'],
  ])('%s → %s', (value, expected) => {
    expect(checkOrgNumber(value)).toBe(expected);
  });
});

describe('the spellings people type are stored as one', () => {
  const today = '2026-11-28' as CalendarDate;
  it.each([
    ['900101-0017', '19900101-0017'],
    ['9001010017', '19900101-0017'],
    ['900101 0017', '19900101-0017'],
    ['19900101-0017', '19900101-0017'],
    // Born on a day still to come this century is last century's: 261231 is 1926 on 28 Nov 2026.
    ['261231-1234', '19261231-1234'],
    ['261128-1234', '20261128-1234'],
    ['050505-1234', '20050505-1234'],
    // "+": a hundred years or older.
    ['050505+1234', '19050505-1234'],
    // A samordningsnummer's day (+60) is compared as the birth day.
    ['261188-1234', '20261188-1234'],
    ['nineteen', null],
  ])('personnummer %s → %s', (typed, stored) => {
    expect(normalisePersonalNumber(typed, today)).toBe(stored);
  });

  it.each([
    ['5560160680', '556016-0680'],
    ['556016 0680', '556016-0680'],
    [' 556016-0680 ', '556016-0680'],
    ['16556016-0680', '556016-0680'],
    ['19811218-9876', '811218-9876'],
    ['55601606', null],
  ])('organisationsnummer %s → %s', (typed, stored) => {
    expect(normaliseOrgNumber(typed)).toBe(stored);
  });
});

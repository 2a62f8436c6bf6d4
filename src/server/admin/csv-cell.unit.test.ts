import { describe, expect, it } from 'vitest';
import { csvCell } from './csv';

describe('csvCell', () => {
  it.each([
    ['=1+1', `"'=1+1"`],
    // Numbers and phone numbers are data; a sign before anything else is a formula.
    ['+1', '"+1"'],
    ['-1', '"-1"'],
    ['+46 70-123 45 67', '"+46 70-123 45 67"'],
    ['+SUM(A1)', `"'+SUM(A1)"`],
    ["-2+3+cmd|' /C calc'!A0", `"'-2+3+cmd|' /C calc'!A0"`],
    ['@x', `"'@x"`],
    ['\tx', `"'\tx"`],
    ['a "b"', '"a ""b"""'],
    ['plain', '"plain"'],
  ])('%j → %s', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });
});

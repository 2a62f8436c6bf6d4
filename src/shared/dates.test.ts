import { afterEach, describe, expect, it } from 'vitest';
import { addDays, dueDate, formatDate, formatDateTime, stockholmDate } from './dates';

const originalTimeZone = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTimeZone;
});

describe('dates in Stockholm', () => {
  it('an order at 23:30 UTC is dated the next day, and is due 30 calendar days after that', () => {
    expect(stockholmDate(new Date('2026-11-23T23:30:00Z'))).toBe('2026-11-24');
    expect(dueDate(new Date('2026-11-23T23:30:00Z'))).toBe('2026-12-24');
    expect(dueDate('2026-11-23T22:59:59Z')).toBe('2026-12-23');
  });

  it('calendar arithmetic ignores daylight saving and month lengths', () => {
    expect(addDays(stockholmDate('2026-03-01T12:00:00Z'), 30)).toBe('2026-03-31');
    expect(addDays(stockholmDate('2026-10-10T12:00:00Z'), 30)).toBe('2026-11-09');
    expect(addDays(stockholmDate('2028-01-30T12:00:00Z'), 30)).toBe('2028-02-29');
  });

  it('shows the same date whatever the time zone of the machine (the confirmation/invoice drift)', () => {
    for (const zone of ['America/Los_Angeles', 'Pacific/Kiritimati', 'UTC', 'Europe/Stockholm']) {
      process.env.TZ = zone;
      expect(formatDate('2026-12-24')).toBe('2026-12-24');
      expect(formatDate(new Date('2026-11-23T23:30:00Z'))).toBe('2026-11-24');
      expect(formatDate('2026-12-24', 'en-US', 'long')).toBe('December 24, 2026');
      expect(formatDate('2026-12-09', 'sv-SE', 'full')).toBe('onsdag 9 december 2026');
      expect(formatDate('2026-12-09', 'en-GB', 'full')).toBe('Wednesday, 9 December 2026');
      expect(formatDateTime('2026-03-02T10:00:00Z')).toBe('2026-03-02 11:00');
    }
  });

  it('refuses what is not a date', () => {
    expect(() => addDays('soon' as never, 1)).toThrow('Not a calendar date');
  });
});

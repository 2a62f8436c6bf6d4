import { afterEach, describe, expect, it } from 'vitest';
import { addDays, type CalendarDate } from './dates';
import { addWorkingDays, easterSunday, isWorkingDay, swedishHolidays } from './working-days';

const day = (value: string) => value as CalendarDate;

const originalTimeZone = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTimeZone;
});

describe('Easter (computus)', () => {
  it('matches the published dates, including the earliest and latest possible', () => {
    expect(easterSunday(2000)).toBe('2000-04-23');
    expect(easterSunday(2008)).toBe('2008-03-23');
    expect(easterSunday(2019)).toBe('2019-04-21');
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2038)).toBe('2038-04-25');
    expect(easterSunday(2285)).toBe('2285-03-22');
  });

  it('skips långfredagen and annandag påsk, and Kristi himmelsfärd 39 days after Easter', () => {
    expect(isWorkingDay(day('2026-04-03'))).toBe(false);
    expect(isWorkingDay(day('2026-04-06'))).toBe(false);
    expect(addWorkingDays(day('2026-04-02'), 1)).toBe('2026-04-07');
    expect(swedishHolidays(2026).get(day('2026-05-14'))).toBe('kristiHimmelsfardsdag');
    expect(addWorkingDays(day('2026-05-13'), 1)).toBe('2026-05-15');
  });
});

describe('Swedish working days', () => {
  it('skip midsommarafton, the Friday between 19 and 25 June', () => {
    expect(swedishHolidays(2025).get(day('2025-06-20'))).toBe('midsommarafton');
    expect(swedishHolidays(2026).get(day('2026-06-19'))).toBe('midsommarafton');
    expect(swedishHolidays(2027).get(day('2027-06-25'))).toBe('midsommarafton');
    expect(addWorkingDays(day('2026-06-18'), 1)).toBe('2026-06-22');
  });

  it('skip julafton, juldagen and annandag jul', () => {
    expect(isWorkingDay(day('2025-12-24'))).toBe(false);
    expect(isWorkingDay(day('2025-12-25'))).toBe(false);
    expect(isWorkingDay(day('2025-12-26'))).toBe(false);
    expect(addWorkingDays(day('2025-12-23'), 1)).toBe('2025-12-29');
    // 2026: juldagen is a Friday, annandag jul a Saturday.
    expect(addWorkingDays(day('2026-12-23'), 1)).toBe('2026-12-28');
  });

  it('cross the year: nyårsafton, nyårsdagen and trettondedag jul are skipped', () => {
    expect(addWorkingDays(day('2026-12-30'), 1)).toBe('2027-01-04');
    expect(addWorkingDays(day('2026-12-30'), 2)).toBe('2027-01-05');
    expect(addWorkingDays(day('2026-12-30'), 3)).toBe('2027-01-07');
    expect(addWorkingDays(day('2026-12-18'), 10)).toBe('2027-01-08');
  });

  it('skip första maj and nationaldagen on weekdays, and weekends', () => {
    expect(isWorkingDay(day('2026-05-01'))).toBe(false);
    expect(isWorkingDay(day('2025-06-06'))).toBe(false);
    expect(isWorkingDay(day('2026-11-28'))).toBe(false);
    expect(isWorkingDay(day('2026-11-29'))).toBe(false);
    expect(isWorkingDay(day('2026-11-30'))).toBe(true);
  });

  it('count from the day after the start, whatever day the start is', () => {
    expect(addWorkingDays(day('2026-11-23'), 0)).toBe('2026-11-23');
    expect(addWorkingDays(day('2026-11-23'), 5)).toBe('2026-11-30');
    expect(addWorkingDays(day('2026-11-28'), 1)).toBe('2026-11-30');
    expect(addWorkingDays(day('2026-12-25'), 1)).toBe('2026-12-28');
  });

  it('give 2026 its 251 working days (261 weekdays less 10 weekday holidays)', () => {
    let count = 0;
    for (let date = day('2026-01-01'); date < '2027-01-01'; date = addDays(date, 1)) {
      if (isWorkingDay(date)) count += 1;
    }
    expect(count).toBe(251);
  });

  it('agree in every time zone the browser or server may run in', () => {
    for (const zone of ['America/Los_Angeles', 'Pacific/Kiritimati', 'UTC', 'Europe/Stockholm']) {
      process.env.TZ = zone;
      expect(addWorkingDays(day('2026-12-23'), 1)).toBe('2026-12-28');
      expect(isWorkingDay(day('2026-06-19'))).toBe(false);
    }
  });

  it('refuse what is not a date or a count', () => {
    expect(() => addWorkingDays(day('2026-02-30'), 1)).toThrow('Not a calendar date');
    expect(() => addWorkingDays(day('2026-02-03'), -1)).toThrow('Not a number of working days');
    expect(() => addWorkingDays(day('2026-02-03'), 1.5)).toThrow('Not a number of working days');
  });
});

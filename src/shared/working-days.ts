/**
 * Swedish working days: Monday to Friday, except the public holidays that fall on a weekday and
 * the eves the country does not work (midsommarafton, julafton, nyårsafton). Calendar dates only
 * (Stockholm's calendar, see dates.ts), so browser and server count the same days in any time zone.
 */
import { addDays, isCalendarDate, type CalendarDate } from './dates';

export type SwedishHoliday =
  | 'nyarsdagen'
  | 'trettondedagJul'
  | 'langfredagen'
  | 'annandagPask'
  | 'forstaMaj'
  | 'kristiHimmelsfardsdag'
  | 'nationaldagen'
  | 'midsommarafton'
  | 'julafton'
  | 'juldagen'
  | 'annandagJul'
  | 'nyarsafton';

function calendarDate(year: number, month: number, day: number): CalendarDate {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10) as CalendarDate;
}

function weekday(date: CalendarDate): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** Easter Sunday of a Gregorian year (the anonymous Gregorian computus, Meeus/Jones/Butcher). */
export function easterSunday(year: number): CalendarDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return calendarDate(year, month, day);
}

/** The Friday between 19 and 25 June. */
function midsommarafton(year: number): CalendarDate {
  const june19 = calendarDate(year, 6, 19);
  return addDays(june19, (5 - weekday(june19) + 7) % 7);
}

const holidaysByYear = new Map<number, ReadonlyMap<CalendarDate, SwedishHoliday>>();

/**
 * The days of a year Sweden does not work besides weekends. Sunday holidays (påskdagen, pingstdagen,
 * midsommardagen, alla helgons dag) are weekends anyway and left out.
 */
export function swedishHolidays(year: number): ReadonlyMap<CalendarDate, SwedishHoliday> {
  let holidays = holidaysByYear.get(year);
  if (!holidays) {
    const easter = easterSunday(year);
    holidays = new Map<CalendarDate, SwedishHoliday>([
      [calendarDate(year, 1, 1), 'nyarsdagen'],
      [calendarDate(year, 1, 6), 'trettondedagJul'],
      [addDays(easter, -2), 'langfredagen'],
      [addDays(easter, 1), 'annandagPask'],
      [calendarDate(year, 5, 1), 'forstaMaj'],
      [addDays(easter, 39), 'kristiHimmelsfardsdag'],
      [calendarDate(year, 6, 6), 'nationaldagen'],
      [midsommarafton(year), 'midsommarafton'],
      [calendarDate(year, 12, 24), 'julafton'],
      [calendarDate(year, 12, 25), 'juldagen'],
      [calendarDate(year, 12, 26), 'annandagJul'],
      [calendarDate(year, 12, 31), 'nyarsafton'],
    ]);
    holidaysByYear.set(year, holidays);
  }
  return holidays;
}

export function isWorkingDay(date: CalendarDate): boolean {
  const day = weekday(date);
  if (day === 0 || day === 6) return false;
  return !swedishHolidays(Number(date.slice(0, 4))).has(date);
}

/**
 * The `days`-th working day after `start` (start itself not counted, whatever day it is):
 * approved on Friday 2026-12-18 + 3 working days → Tuesday 2026-12-29 (24–28 December are
 * julafton, juldagen, annandag jul and a weekend). 0 days → `start`.
 */
export function addWorkingDays(start: CalendarDate, days: number): CalendarDate {
  if (!isCalendarDate(start)) throw new Error(`Not a calendar date: ${String(start)}`);
  if (!Number.isInteger(days) || days < 0) throw new Error(`Not a number of working days: ${days}`);
  let date = start;
  for (let left = days; left > 0;) {
    date = addDays(date, 1);
    if (isWorkingDay(date)) left -= 1;
  }
  return date;
}

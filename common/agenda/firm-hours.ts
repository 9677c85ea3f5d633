import { firmDateTime } from '#common/dates.ts';
import type { parseOpeningHours } from '#common/opening-hours.ts';

/**
 * The firm's hours as the agenda keeps them, on the firm's clock (Europe/Madrid): the weekly hours,
 * the days whose hours differ (a day off has no ranges) and the public holidays, when it is closed.
 * Both the free consultation slots and the reply-time timers are read from them.
 */
export type TimeRange = { opens: string; closes: string };

/** Seven entries, Monday first, as schema.org's days run. */
export type WeeklyHours = TimeRange[][];

export type FirmSchedule = {
  weekly: WeeklyHours;
  /** Calendar days ('2026-12-24') with their own ranges; [] closes the day. */
  overrides: ReadonlyMap<string, TimeRange[]>;
  holidays: ReadonlySet<string>;
};

export type Interval = { start: Date; end: Date };

const dayMs = 24 * 60 * 60 * 1000;

/** The weekly hours of a FIRM_HOURS value, already parsed. */
export function weeklyHoursFromOpeningHours(groups: NonNullable<ReturnType<typeof parseOpeningHours>>): WeeklyHours {
  const weekly: WeeklyHours = Array.from({ length: 7 }, () => []);
  for (const { firstDay, lastDay, ranges } of groups) {
    for (let day = firstDay; day <= lastDay; day += 1) weekly[day]?.push(...ranges);
  }
  return weekly.map((ranges) => [...ranges].sort((a, b) => a.opens.localeCompare(b.opens)));
}

/** The calendar day of a noon in UTC ('2026-11-23'), stepping through days without clock shifts. */
const isoDay = (utcNoon: number) => new Date(utcNoon).toISOString().slice(0, 10);

/** The ranges the firm is open on one calendar day. */
export function rangesOn(schedule: FirmSchedule, day: string): TimeRange[] {
  if (schedule.holidays.has(day)) return [];
  const override = schedule.overrides.get(day);
  if (override) return override;
  const weekday = (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7;
  return schedule.weekly[weekday] ?? [];
}

/** The whole open ranges that touch the window between two instants, in order. */
function rangesAround(schedule: FirmSchedule, from: Date, to: Date): Interval[] {
  const intervals: Interval[] = [];
  // A day on the firm's clock starts at most two hours before the same UTC day: start one day early.
  for (let noon = Date.parse(`${from.toISOString().slice(0, 10)}T12:00:00Z`) - dayMs; noon <= to.getTime() + dayMs; noon += dayMs) {
    const day = isoDay(noon);
    for (const range of rangesOn(schedule, day)) {
      const interval = { start: firmDateTime(day, range.opens), end: firmDateTime(day, range.closes) };
      if (interval.start < to && from < interval.end) intervals.push(interval);
    }
  }
  return intervals;
}

/** The firm's open intervals between two instants, in order, cut to them. */
function openIntervals(schedule: FirmSchedule, from: Date, to: Date): Interval[] {
  return rangesAround(schedule, from, to).map(({ start, end }) => ({
    start: start < from ? from : start,
    end: end > to ? to : end,
  }));
}

/** Business time (ms) between two instants: only the firm's open hours count. */
export function businessTimeBetween(schedule: FirmSchedule, from: Date, to: Date): number {
  if (to < from) return -businessTimeBetween(schedule, to, from);
  return openIntervals(schedule, from, to).reduce((total, { start, end }) => total + end.getTime() - start.getTime(), 0);
}

/** How far ahead the hours are searched for a due time: a firm closed longer than this has no due time. */
const searchHorizonDays = 366;

/** The instant `ms` of business time after `start` ('24 business hours from Friday 18:00'), or null past a year of closure. */
export function addBusinessTime(schedule: FirmSchedule, start: Date, ms: number): Date | null {
  let left = ms;
  const horizon = new Date(start.getTime() + searchHorizonDays * dayMs);
  for (let from = start; from < horizon; from = new Date(from.getTime() + 30 * dayMs)) {
    const to = new Date(Math.min(from.getTime() + 30 * dayMs, horizon.getTime()));
    for (const { start: opens, end: closes } of openIntervals(schedule, from, to)) {
      const length = closes.getTime() - opens.getTime();
      if (left <= length) return new Date(opens.getTime() + left);
      left -= length;
    }
  }
  return null;
}

const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;

/**
 * The start of every free slot of `minutes` between two instants: slots follow one another from
 * the opening of each range, fit wholly inside it, begin no earlier than `notBefore`, and overlap
 * nothing busy (the firm's events, other bookings and the holds of open checkouts).
 */
export function freeSlots(
  schedule: FirmSchedule,
  { from, to, minutes, notBefore, busy }: { from: Date; to: Date; minutes: number; notBefore: Date; busy: readonly Interval[] },
): Date[] {
  const length = minutes * 60 * 1000;
  const slots: Date[] = [];
  for (const { start, end } of rangesAround(schedule, from, to)) {
    for (let at = start.getTime(); at + length <= end.getTime(); at += length) {
      const slot = { start: new Date(at), end: new Date(at + length) };
      if (slot.start >= from && slot.end <= to && slot.start >= notBefore && !busy.some((interval) => overlaps(interval, slot))) slots.push(slot.start);
    }
  }
  return slots;
}

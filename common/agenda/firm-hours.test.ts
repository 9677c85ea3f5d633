import { describe, expect, it } from 'vitest';
import { parseOpeningHours } from '#common/opening-hours.ts';
import { addBusinessTime, businessTimeBetween, freeSlots, weeklyHoursFromOpeningHours, type FirmSchedule } from './firm-hours.ts';

const hour = 60 * 60 * 1000;

function schedule(hours: string, overrides: Record<string, { opens: string; closes: string }[]> = {}, holidays: string[] = []): FirmSchedule {
  const groups = parseOpeningHours(hours);
  if (!groups) throw new Error(`bad hours ${hours}`);
  return { weekly: weeklyHoursFromOpeningHours(groups), overrides: new Map(Object.entries(overrides)), holidays: new Set(holidays) };
}

const firm = schedule('Mo-Fr 09:00-14:00,16:00-19:00', { '2026-12-24': [{ opens: '09:00', closes: '12:00' }], '2026-11-27': [] }, ['2026-12-08']);
// November and December are on CET (UTC+1).
const madrid = (local: string) => new Date(`${local}+01:00`);

describe('business time', () => {
  it.each([
    ['within a morning', '2026-11-23T09:00', '2026-11-23T12:00', 3],
    ['across the lunch break', '2026-11-23T13:00', '2026-11-23T17:00', 2],
    ['from the evening to the next morning', '2026-11-23T18:00', '2026-11-24T10:00', 2],
    ['over a weekend', '2026-11-20T18:00', '2026-11-23T10:00', 2],
    ['over a day off (Friday 27 November closed)', '2026-11-26T18:00', '2026-11-30T10:00', 2],
    ['over a public holiday (8 December)', '2026-12-07T18:00', '2026-12-09T10:00', 2],
    ['on a day with other hours (24 December, 9 to 12)', '2026-12-24T08:00', '2026-12-24T20:00', 3],
    ['outside the hours only', '2026-11-23T19:30', '2026-11-23T23:00', 0],
  ])('counts %s', (_case, from, to, hours) => {
    expect(businessTimeBetween(firm, madrid(from), madrid(to))).toBe(hours * hour);
  });

  it('is zero between an instant and itself, open or closed', () => {
    expect(businessTimeBetween(firm, madrid('2026-11-23T10:00'), madrid('2026-11-23T10:00'))).toBe(0);
    expect(businessTimeBetween(firm, madrid('2026-11-23T20:00'), madrid('2026-11-23T20:00'))).toBe(0);
  });

  it('is negative when the second instant comes first', () => {
    expect(businessTimeBetween(firm, madrid('2026-11-23T12:00'), madrid('2026-11-23T09:00'))).toBe(-3 * hour);
  });

  it.each([
    ['24 business hours from a Monday morning', '2026-11-23T09:00', 24, '2026-11-25T19:00'],
    ['48 business hours from a Friday evening (a closed Friday after)', '2026-11-20T18:30', 48, '2026-12-01T18:30'],
    ['an hour from Saturday: Monday at ten', '2026-11-21T11:00', 1, '2026-11-23T10:00'],
    ['from the lunch break', '2026-11-23T15:00', 2, '2026-11-23T18:00'],
  ])('adds %s', (_case, start, hours, due) => {
    expect(addBusinessTime(firm, madrid(start), hours * hour)).toEqual(madrid(due));
  });

  it('has no due time when the firm never opens', () => {
    const closed: FirmSchedule = { weekly: Array.from({ length: 7 }, () => []), overrides: new Map(), holidays: new Set() };
    expect(addBusinessTime(closed, new Date(), hour)).toBeNull();
  });

  it('counts the hours of the days a clock change shortens or lengthens on the wall clock', () => {
    const sundays = schedule('Su 00:00-06:00');
    // 29 March 2026: 02:00 becomes 03:00, so six wall-clock hours last five; 25 October: 03:00 becomes 02:00, seven.
    expect(businessTimeBetween(sundays, new Date('2026-03-28T12:00Z'), new Date('2026-03-29T12:00Z'))).toBe(5 * hour);
    expect(businessTimeBetween(sundays, new Date('2026-10-24T12:00Z'), new Date('2026-10-25T12:00Z'))).toBe(7 * hour);
  });
});

describe('free slots', () => {
  const week = { from: madrid('2026-11-23T00:00'), to: madrid('2026-11-24T00:00'), minutes: 45, notBefore: madrid('2026-11-22T00:00'), busy: [] };
  const times = (slots: Date[]) => slots.map((slot) => slot.toISOString().slice(11, 16));

  it('follow one another from each opening and fit wholly inside the range', () => {
    // 09:00–14:00 holds six slots (to 13:30); 16:00–19:00 four (to 19:00). In UTC, one hour earlier.
    expect(times(freeSlots(firm, week))).toEqual(['08:00', '08:45', '09:30', '10:15', '11:00', '11:45', '15:00', '15:45', '16:30', '17:15']);
  });

  it('leave out what is busy, what starts before the minimum notice and what lies outside the window', () => {
    const busy = [{ start: madrid('2026-11-23T10:00'), end: madrid('2026-11-23T11:00') }];
    const slots = freeSlots(firm, { ...week, busy, notBefore: madrid('2026-11-23T09:30'), to: madrid('2026-11-23T17:00') });
    expect(times(slots)).toEqual(['10:15', '11:00', '11:45', '15:00']);
  });

  it.each([
    ['a weekend day', '2026-11-21'],
    ['a day off', '2026-11-27'],
    ['a public holiday', '2026-12-08'],
  ])('are none on %s', (_case, day) => {
    expect(freeSlots(firm, { ...week, from: madrid(`${day}T00:00`), to: madrid(`${day}T23:59`) })).toEqual([]);
  });

  it('follow the other hours of a one-off day', () => {
    expect(times(freeSlots(firm, { ...week, from: madrid('2026-12-24T00:00'), to: madrid('2026-12-25T00:00') }))).toEqual(['08:00', '08:45', '09:30', '10:15']);
  });

  it('stay on the wall clock across a clock change', () => {
    const sundays = schedule('Su 09:00-10:30');
    const spring = freeSlots(sundays, { ...week, from: new Date('2026-03-29T00:00Z'), to: new Date('2026-03-30T00:00Z'), notBefore: new Date(0) });
    const autumn = freeSlots(sundays, { ...week, from: new Date('2026-10-25T00:00Z'), to: new Date('2026-10-26T00:00Z'), notBefore: new Date(0) });
    // 09:00 in Madrid is 07:00 UTC in summer time, 08:00 in winter time.
    expect(times(spring)).toEqual(['07:00', '07:45']);
    expect(times(autumn)).toEqual(['08:00', '08:45']);
  });
});

import { describe, expect, it } from 'vitest';
import { weeklyHoursFromOpeningHours, type FirmSchedule } from '#common/agenda/firm-hours.ts';
import { parseOpeningHours } from '#common/opening-hours.ts';
import { consultationPromise, isOverdue, replyTimer, timerReading, type ReplyPromise } from './promises.ts';

const hour = 60 * 60 * 1000;

/** The firm's default hours, 24 December from 9 to 12, and the holidays the table crosses. */
const firm: FirmSchedule = {
  weekly: weeklyHoursFromOpeningHours(parseOpeningHours('Mo-Fr 09:00-14:00,16:00-19:00') ?? []),
  overrides: new Map([['2026-12-24', [{ opens: '09:00', closes: '12:00' }]]]),
  holidays: new Set(['2026-12-08', '2026-12-25', '2027-01-01']),
};
/** A wall-clock time in Madrid with its offset: +02:00 in summer time, +01:00 in winter. */
const madrid = (local: string, offset = '+01:00') => new Date(`${local}${offset}`);

describe('the reply-time promises (docs/product/reply-times.md)', () => {
  it.each<[string, ReplyPromise, string, string]>([
    ['a contact request from Monday 9:00: six days of 8 hours', 'contact', '2026-11-23T09:00', '2026-11-30T19:00'],
    ['a translation request sent on Saturday: counted from Monday at opening', 'translation', '2026-11-21T11:00', '2026-11-30T19:00'],
    ['an express consultation paid Monday at 17:00: 8 hours, the next afternoon', 'express', '2026-11-23T17:00', '2026-11-24T17:00'],
    ['a scheduled consultation paid Friday at 18:00: 24 hours over a weekend and the 8 December holiday', 'scheduled', '2026-12-04T18:00', '2026-12-10T18:00'],
    ['a chat waiting since 23 December at 18:00: 24 December short, Christmas and New Year closed', 'chat', '2026-12-23T18:00', '2027-01-05T13:00'],
  ])('%s', (_case, promise, since, due) => {
    expect(replyTimer(firm, promise, madrid(since), madrid(since))?.dueAt).toEqual(madrid(due));
  });

  it('counts across the change to winter time (25 October 2026) in the firm\'s hours', () => {
    // Friday 23 October, 18:00 summer time; due Monday 2 November, 18:00 winter time.
    expect(replyTimer(firm, 'expatriation', madrid('2026-10-23T18:00', '+02:00'), new Date())?.dueAt).toEqual(new Date('2026-11-02T17:00:00Z'));
  });

  it.each<[string, string, number, boolean]>([
    ['the day it is due, at 13:30: half an hour this morning, three this afternoon', '2026-11-30T13:30', 3.5 * hour, false],
    ['30 seconds before closing on the day it is due', '2026-11-30T18:59:30', 30_000, false],
    ['the evening it fell due at closing: overdue, by no open time yet', '2026-11-30T21:00', 0, true],
    ['the next day at noon: overdue by the three open hours since', '2026-12-01T12:00', -3 * hour, true],
  ])('reads a contact request from Monday 23 November at 9:00 on %s', (_case, now, msLeft, isLate) => {
    const timer = replyTimer(firm, 'contact', madrid('2026-11-23T09:00'), madrid(now));
    expect(timer?.businessMsLeft).toBe(msLeft);
    expect(timer && isOverdue(timer)).toBe(isLate);
  });

  it('gives no due time when the firm has no open hours for a year', () => {
    const closed: FirmSchedule = { weekly: Array.from({ length: 7 }, () => []), overrides: new Map(), holidays: new Set() };
    expect(replyTimer(closed, 'contact', madrid('2026-11-23T09:00'), madrid('2026-11-23T09:00'))).toBeNull();
  });

  it.each([
    ['expatriacion', 'expatriation'],
    ['express', 'express'],
    ['scheduled', 'scheduled'],
    ['arraigo', null],
  ])('puts a consultation of type %s under the %s promise', (type, promise) => {
    expect(consultationPromise(type)).toBe(promise);
  });

  it.each<[number, 'es' | 'en' | 'fr', string, string]>([
    [5.5 * hour, 'es', 'left', '5 h 30 min'],
    [48 * hour, 'es', 'left', '48 h'],
    [45 * 60_000 + 1, 'es', 'left', '46 min'],
    [-3 * hour - 59_000, 'es', 'overdue', '3 h'],
    [-30_000, 'es', 'dueNow', '0 min'],
    [2 * hour + 15 * 60_000, 'fr', 'left', '2 h 15 min'],
    [-25 * hour, 'en', 'overdue', '25 hrs'],
  ])('reads %i ms in %s as %s %s', (ms, language, state, time) => {
    const reading = timerReading(ms, language);
    expect(reading.state).toBe(state);
    expect(reading.time.replace(/\s/g, ' ')).toBe(time);
  });
});

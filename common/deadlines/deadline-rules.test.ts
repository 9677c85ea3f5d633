import { describe, expect, it } from 'vitest';
import { computeDeadline, legalNotificationDay, type DeadlineKind } from './deadline-rules.ts';

/** The seeded holidays of 2026 for a filing in Elche (migration 0008): Spain, the Valencian Community, Elche. */
const holidays2026 = new Set([
  '2026-01-01', '2026-01-06', '2026-03-19', '2026-04-03', '2026-04-06', '2026-04-13', '2026-05-01', '2026-06-24',
  '2026-08-15', '2026-10-09', '2026-10-12', '2026-12-08', '2026-12-25', '2026-12-29',
]);

const due = (kind: DeadlineKind, startDate: string, isNationality = false) => computeDeadline({ kind, startDate, isNationality }, holidays2026);

describe('deadline arithmetic (docs/product/rules.md, art. 30 Ley 39/2015)', () => {
  it.each([
    ['a Friday before the Inmaculada (Tue 8 Dec)', '2026-12-04', '2026-12-21'],
    ['a Friday before Epiphany (Tue 6 Jan)', '2026-01-02', '2026-01-19'],
    ['a Monday before San José (Thu 19 Mar, Valencian)', '2026-03-16', '2026-03-31'],
    ['Holy Wednesday: Good Friday, Easter Monday and Elche\'s San Vicente (13 Apr) skipped, Holy Thursday worked', '2026-04-01', '2026-04-20'],
    ['a Saturday notification, counted from Sunday', '2026-02-07', '2026-02-20'],
  ])('a requerimiento notified on %s is due 10 working days later', (_case, notified, expected) => {
    expect(due('requerimiento', notified)).toEqual({ dueDate: expected, opensOn: null });
  });

  it.each([
    ['the same day three months later', '2026-01-15', '2026-04-15'],
    ['the last day of a shorter month (31 Mar → 30 Jun)', '2026-03-31', '2026-06-30'],
    ['the last day of February, a Sunday, moved to Monday', '2026-11-30', '2027-03-01'],
    ['29 February in a leap year', '2027-11-30', '2028-02-29'],
    ['Elche\'s Venida de la Virgen (29 Dec), moved to the next day', '2026-09-29', '2026-12-30'],
    ['San Juan (24 Jun, Valencian), moved to the next day', '2026-03-24', '2026-06-25'],
  ])('a nationality requerimiento gets 3 months: %s', (_case, notified, expected) => {
    expect(due('requerimiento', notified, true).dueDate).toBe(expected);
  });

  it.each([
    ['appeal', 'a Saturday 28 Feb moved to Monday 2 Mar', '2026-01-31', '2026-03-02'],
    ['tie', 'a Saturday then the Fiesta Nacional (Mon 12 Oct) moved to Tuesday', '2026-09-10', '2026-10-13'],
    ['tie', 'a weekday, unchanged', '2026-07-17', '2026-08-17'],
    ['appeal', 'a Sunday (15 Mar) moved to Monday', '2026-02-15', '2026-03-16'],
  ])('a 1-month %s deadline: %s', (kind, _case, notified, expected) => {
    expect(due(kind as DeadlineKind, notified).dueDate).toBe(expected);
  });

  it('gives the jura 180 calendar days from the day after notification', () => {
    expect(due('oath', '2026-01-15')).toEqual({ dueDate: '2026-07-14', opensOn: null });
    // Day 180 on a Saturday (29 Aug 2026): the last day moves to Monday.
    expect(due('oath', '2026-03-02').dueDate).toBe('2026-08-31');
  });

  it.each([
    ['a Monday expiry, closing on a Sunday moved to Monday', '2026-06-15', '2026-04-16', '2026-09-14'],
    ['a year-end expiry', '2026-12-31', '2026-11-01', '2027-03-31'],
    ['an expiry on 1 March, opening across February', '2027-03-01', '2026-12-31', '2027-05-31'],
  ])('a renewal window opens 60 days before expiry and closes 90 days after: %s', (_case, expiry, opensOn, dueDate) => {
    expect(due('renewal_window', expiry)).toEqual({ dueDate, opensOn });
  });

  it.each([
    ['opened on day 3', '2026-11-02', '2026-11-05', { notifiedOn: '2026-11-05', reason: 'opened' }],
    ['opened the day it was made available', '2026-11-02', '2026-11-02', { notifiedOn: '2026-11-02', reason: 'opened' }],
    ['opened on the 10th day', '2026-11-02', '2026-11-12', { notifiedOn: '2026-11-12', reason: 'opened' }],
    ['opened on the 11th day', '2026-11-02', '2026-11-13', { notifiedOn: '2026-11-12', reason: 'opened_late' }],
    ['never opened', '2026-11-02', null, { notifiedOn: '2026-11-12', reason: 'unopened' }],
    ['never opened, the 10th day a holiday (8 Dec), not moved', '2026-11-28', null, { notifiedOn: '2026-12-08', reason: 'unopened' }],
    ['never opened, across the year', '2026-12-27', null, { notifiedOn: '2027-01-06', reason: 'unopened' }],
  ] as const)('takes an electronic notification %s as notified on its legal day (art. 43 Ley 39/2015)', (_case, madeAvailableOn, openedOn, expected) => {
    expect(legalNotificationDay({ madeAvailableOn, openedOn })).toEqual(expected);
  });
});

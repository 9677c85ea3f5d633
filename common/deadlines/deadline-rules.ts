/**
 * The Spanish deadline arithmetic (art. 30 Ley 39/2015 and the immigration rules of
 * docs/product/rules.md), pure: calendar days as 'YYYY-MM-DD' strings, no clock, no I/O. The
 * holidays are data (the `holidays` table): pass every holiday of the filing territory.
 */

export const deadlineKinds = ['requerimiento', 'tie', 'oath', 'appeal', 'renewal_window'] as const;
export type DeadlineKind = (typeof deadlineKinds)[number];

/** What a deadline is computed from: the starting day the admin recorded, and whether the case is a nationality one. */
type DeadlineStart = { kind: DeadlineKind; startDate: string; isNationality: boolean };

/** The due day; a renewal window also has the day it opens (the due day is when it closes). */
type DeadlineDates = { dueDate: string; opensOn: string | null };

/** Working days to answer a requerimiento (art. 68 Ley 39/2015); nationality files get 3 months instead. */
const requerimientoWorkingDays = 10;
const oathCalendarDays = 180;
/** Renewal of a residence permit: from 60 days before its expiry to 90 days after (art. 72 of the immigration regulation as cited in the domain notes). */
const renewalOpensDaysBefore = 60;
const renewalClosesDaysAfter = 90;

const dayMs = 24 * 60 * 60 * 1000;

function toUtc(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date));
}

function fromUtc(value: Date): string {
  return value.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return fromUtc(new Date(toUtc(day).getTime() + days * dayMs));
}

/** Saturdays, Sundays and the territory's holidays are not working days (art. 30.2). */
function isWorkingDay(day: string, holidays: ReadonlySet<string>): boolean {
  const weekday = toUtc(day).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(day);
}

/** A last day that is not a working day moves to the next working day (art. 30.5). */
function nextWorkingDay(day: string, holidays: ReadonlySet<string>): string {
  let current = day;
  while (!isWorkingDay(current, holidays)) current = addDays(current, 1);
  return current;
}

/** The `count`-th working day after `day`, counted from the day after it (art. 30.3). */
function addWorkingDays(day: string, count: number, holidays: ReadonlySet<string>): string {
  let current = day;
  let counted = 0;
  while (counted < count) {
    current = addDays(current, 1);
    if (isWorkingDay(current, holidays)) counted += 1;
  }
  return current;
}

/**
 * Months (art. 30.4): the same day number `months` later; when that month has no such day, its
 * last day. Then moved to a working day (art. 30.5).
 */
function addMonthsDeadline(day: string, months: number, holidays: ReadonlySet<string>): string {
  const start = toUtc(day);
  const monthIndex = start.getUTCMonth() + months;
  const lastDayOfTarget = new Date(Date.UTC(start.getUTCFullYear(), monthIndex + 1, 0)).getUTCDate();
  const target = new Date(Date.UTC(start.getUTCFullYear(), monthIndex, Math.min(start.getUTCDate(), lastDayOfTarget)));
  return nextWorkingDay(fromUtc(target), holidays);
}

/** Calendar days an electronic notification may wait unopened before it counts as notified (art. 43.2 Ley 39/2015). */
const unopenedNoticeDays = 10;

/** An electronic notification as the firm records it: the day it was made available and, once it was, the day it was opened. */
type ElectronicNotice = { madeAvailableOn: string; openedOn: string | null };

/**
 * Why the legal day is what it is: opened within the 10 days (that day, art. 43.3); not opened
 * (the 10th calendar day after it was made available, when it is taken as rejected, art. 43.2);
 * opened after those 10 days (still the 10th day: the notification was already made).
 */
type NotificationReason = 'opened' | 'unopened' | 'opened_late';

/**
 * The legal day of an electronic notification (docs/product/notification-clock.md). The 10 days
 * are calendar days counted from the day after it was made available; a holiday or weekend neither
 * stops them nor moves their last day (art. 30.5 moves the last day of a term for acting, not the
 * day a notification is taken as made): reading it otherwise would start the dependent deadline
 * later than the administration may count it. The deadline then runs from the day after, as from
 * any notification.
 */
export function legalNotificationDay({ madeAvailableOn, openedOn }: ElectronicNotice): { notifiedOn: string; reason: NotificationReason } {
  const deemed = addDays(madeAvailableOn, unopenedNoticeDays);
  if (openedOn === null) return { notifiedOn: deemed, reason: 'unopened' };
  return openedOn <= deemed ? { notifiedOn: openedOn, reason: 'opened' } : { notifiedOn: deemed, reason: 'opened_late' };
}

/** The due day (and for a renewal window the opening day) of a deadline of `kind` that starts on `startDate`. */
export function computeDeadline({ kind, startDate, isNationality }: DeadlineStart, holidays: ReadonlySet<string>): DeadlineDates {
  switch (kind) {
    case 'requerimiento':
      return {
        dueDate: isNationality ? addMonthsDeadline(startDate, 3, holidays) : addWorkingDays(startDate, requerimientoWorkingDays, holidays),
        opensOn: null,
      };
    case 'tie':
    case 'appeal':
      return { dueDate: addMonthsDeadline(startDate, 1, holidays), opensOn: null };
    case 'oath':
      // 180 calendar days counted from the day after notification: day 1 is the next day.
      return { dueDate: nextWorkingDay(addDays(startDate, oathCalendarDays), holidays), opensOn: null };
    case 'renewal_window':
      // One may file on any day of the window (online too): only its last day moves to a working day.
      return {
        dueDate: nextWorkingDay(addDays(startDate, renewalClosesDaysAfter), holidays),
        opensOn: addDays(startDate, -renewalOpensDaysBefore),
      };
  }
}

import type { ClosedDaysView, DayHours, FirmHoursView, NewDayOverride, NewFirmHours } from '#common/agenda/firm-hours.contract.ts';
import { weeklyHoursFromOpeningHours, type FirmSchedule, type TimeRange, type WeeklyHours } from '#common/agenda/firm-hours.ts';
import { firmDay } from '#common/dates.ts';
import { parseOpeningHours } from '#common/opening-hours.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/platform/app-error.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import { holidaysList } from '#server/features/deadlines/deadlines.service.ts';
import type { Actor } from '#server/platform/actor.ts';
import {
  deleteDayOverride,
  findAgendaSettings,
  findDayOverride,
  listDayOverrides,
  saveAgendaSettings,
  saveDayOverride,
  type AgendaSettingsRow,
} from './firm-hours.repository.ts';

/** FIRM_HOURS, the public opening hours, stand for the consulting hours until the firm saves its own. */
export type FirmHoursDeps = { db: Db; openingHours: string };

/** Until the firm sets it, a slot can be booked up to this many hours ahead of it. */
const defaultMinimumNoticeHours = 4;

/** Until the firm sets it, an express consultation's client may ask this many questions after the first. */
const defaultExpressFollowUps = 2;

/** How many follow-up questions an express consultation takes after the first, as the firm sets it in the Agenda. */
export async function expressFollowUps({ db }: Pick<FirmHoursDeps, 'db'>): Promise<number> {
  return (await findAgendaSettings(db))?.expressFollowUps ?? defaultExpressFollowUps;
}

export type FirmHours = { schedule: FirmSchedule; minimumNoticeHours: number };

function weeklyHours(settings: AgendaSettingsRow | undefined, openingHours: string): WeeklyHours {
  return settings?.weeklyHours ?? weeklyHoursFromOpeningHours(parseOpeningHours(openingHours) ?? []);
}

/** The firm's hours as the agenda keeps them: weekly hours, one-off days and the public holidays, on which it is closed. */
export async function firmHours({ db, openingHours }: FirmHoursDeps): Promise<FirmHours> {
  // One read after another: inside a booking's transaction they share its one connection.
  const settings = await findAgendaSettings(db);
  const overrides = await listDayOverrides(db);
  const holidays = await holidaysList({ db });
  return {
    schedule: {
      weekly: weeklyHours(settings, openingHours),
      overrides: new Map(overrides.map((row) => [row.date, row.ranges])),
      holidays: new Set(holidays.map((holiday) => holiday.date)),
    },
    minimumNoticeHours: settings?.minimumNoticeHours ?? defaultMinimumNoticeHours,
  };
}

/** The Agenda's hours editor: the week's hours, the booking notice and the express follow-ups. */
export async function firmHoursView({ db, openingHours }: FirmHoursDeps): Promise<FirmHoursView> {
  const settings = await findAgendaSettings(db);
  return {
    weekly: weeklyHours(settings, openingHours),
    isDefault: !settings,
    minimumNoticeHours: settings?.minimumNoticeHours ?? defaultMinimumNoticeHours,
    expressFollowUps: settings?.expressFollowUps ?? defaultExpressFollowUps,
  };
}

const toDayHours = ({ date, ranges, note }: DayHours): DayHours => ({ date, ranges, note });

/** The days with their own hours and the public holidays, from `now`'s day on. */
export async function closedDaysView({ db }: Pick<FirmHoursDeps, 'db'>, now: Date): Promise<ClosedDaysView> {
  const today = firmDay(now);
  const [overrides, holidays] = await Promise.all([listDayOverrides(db), holidaysList({ db })]);
  return {
    days: overrides.filter((row) => row.date >= today).map(toDayHours),
    // Two scopes may share a day (a national holiday the region keeps too): the firm is closed once.
    holidays: holidays
      .filter((holiday) => holiday.date >= today)
      .filter((holiday, index, all) => all.findIndex((other) => other.date === holiday.date) === index)
      .map(({ date, name }) => ({ date, name })),
  };
}

const dayCodes = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;
const describeRanges = (ranges: TimeRange[]) => ranges.map((range) => `${range.opens}-${range.closes}`).join(',');
/** The week as FIRM_HOURS writes it, for the audit log: 'Mo 09:00-14:00,16:00-19:00; Tu …' (closed days left out). */
const describeWeek = (weekly: WeeklyHours) =>
  weekly.flatMap((ranges, day) => (ranges.length > 0 ? [`${dayCodes[day]} ${describeRanges(ranges)}`] : [])).join('; ');

/** Saves the week's hours, the booking notice and the express follow-ups, with the audit row of what they were and are. */
export async function saveFirmHours(
  deps: FirmHoursDeps,
  admin: Actor,
  input: NewFirmHours,
): Promise<FirmHoursView> {
  await deps.db.transaction(async (tx) => {
    const before = await findAgendaSettings(tx);
    await saveAgendaSettings(tx, { weeklyHours: input.weekly, minimumNoticeHours: input.minimumNoticeHours, expressFollowUps: input.expressFollowUps });
    await recordAudit({ db: tx }, {
      actor: admin,
      action: 'HOURS_UPDATE',
      targetTable: 'agenda_settings',
      targetId: 'firm',
      details: {
        from: {
          weeklyHours: describeWeek(weeklyHours(before, deps.openingHours)),
          minimumNoticeHours: before?.minimumNoticeHours ?? defaultMinimumNoticeHours,
          expressFollowUps: before?.expressFollowUps ?? defaultExpressFollowUps,
        },
        to: { weeklyHours: describeWeek(input.weekly), minimumNoticeHours: input.minimumNoticeHours, expressFollowUps: input.expressFollowUps },
      },
    });
  });
  return firmHoursView(deps);
}

/** Gives a day its own hours (none: a day off), replacing what it had, with the audit row. */
export async function setDayHours({ db }: Pick<FirmHoursDeps, 'db'>, admin: Actor, date: string, input: NewDayOverride): Promise<DayHours> {
  await db.transaction(async (tx) => {
    const before = await findDayOverride(tx, date);
    await saveDayOverride(tx, { date, ranges: input.ranges, note: input.note });
    await recordAudit({ db: tx }, {
      actor: admin,
      action: 'DAY_HOURS_SET',
      targetTable: 'agenda_day_overrides',
      targetId: date,
      details: {
        date,
        ...(before ? { from: { hours: describeRanges(before.ranges), isDayOff: before.ranges.length === 0, note: before.note } } : {}),
        to: { hours: describeRanges(input.ranges), isDayOff: input.ranges.length === 0, note: input.note },
      },
    });
  });
  return { date, ranges: input.ranges, note: input.note };
}

/** The day goes back to the week's hours. */
export async function removeDayHours({ db }: Pick<FirmHoursDeps, 'db'>, admin: Actor, date: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await deleteDayOverride(tx, date);
    if (!row) throw new AppError('notFound');
    await recordAudit({ db: tx }, {
      actor: admin,
      action: 'DELETE',
      targetTable: 'agenda_day_overrides',
      targetId: date,
      details: { date, hours: describeRanges(row.ranges), isDayOff: row.ranges.length === 0, note: row.note },
    });
  });
}

import { weeklyHoursFromOpeningHours, type FirmSchedule } from '#common/agenda/firm-hours.ts';
import { parseOpeningHours } from '#common/opening-hours.ts';
import type { Db } from '#server/db/client.ts';
import { holidaysList } from '#server/features/deadlines/deadlines.service.ts';
import { findAgendaSettings, listDayOverrides } from './firm-hours.repository.ts';

/** FIRM_HOURS, the public opening hours, stand for the consulting hours until the firm saves its own. */
export type FirmHoursDeps = { db: Db; openingHours: string };

/** Until the firm sets it, a slot can be booked up to this many hours ahead of it. */
export const defaultMinimumNoticeHours = 4;

export type FirmHours = { schedule: FirmSchedule; minimumNoticeHours: number };

/** The firm's hours as the agenda keeps them: weekly hours, one-off days and the public holidays, on which it is closed. */
export async function firmHours({ db, openingHours }: FirmHoursDeps): Promise<FirmHours> {
  const [settings, overrides, holidays] = await Promise.all([findAgendaSettings(db), listDayOverrides(db), holidaysList({ db })]);
  const weekly = settings?.weeklyHours ?? weeklyHoursFromOpeningHours(parseOpeningHours(openingHours) ?? []);
  return {
    schedule: {
      weekly,
      overrides: new Map(overrides.map((row) => [row.date, row.ranges])),
      holidays: new Set(holidays.map((holiday) => holiday.date)),
    },
    minimumNoticeHours: settings?.minimumNoticeHours ?? defaultMinimumNoticeHours,
  };
}

import { date, index, integer, jsonb, pgTable, text, time, timestamp } from 'drizzle-orm/pg-core';
import type { TimeRange, WeeklyHours } from '#common/agenda/firm-hours.ts';
import { createdAt, id } from './columns.ts';
import { users } from './auth.ts';

/** An admin's own agenda entry; the date and time are the firm's (Europe/Madrid). */
export const agendaEvents = pgTable(
  'agenda_events',
  {
    id: id(),
    adminId: text('admin_id').references(() => users.id, { onDelete: 'set null' }),
    date: date('date').notNull(),
    time: time('time'),
    title: text('title').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('agenda_events_date_idx').on(table.date)],
);

/**
 * The firm's consulting hours and booking rule, one row (id 'firm'); until the firm saves them,
 * the weekly hours are FIRM_HOURS's. Read by the free consultation slots and the reply timers.
 */
export const agendaSettings = pgTable('agenda_settings', {
  id: text('id').primaryKey().default('firm'),
  /** Seven lists of ranges, Monday first, on the firm's clock (common/agenda/firm-hours.ts). */
  weeklyHours: jsonb('weekly_hours').$type<WeeklyHours>().notNull(),
  /** How far ahead of a slot a client may still book it. */
  minimumNoticeHours: integer('minimum_notice_hours').notNull().default(4),
  /** How many more questions an express consultation's client may ask after the first (the firm's offer, shown on the thread). */
  expressFollowUps: integer('express_follow_ups').notNull().default(2),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A calendar day whose hours differ from the week's: a day off has no ranges. */
export const agendaDayOverrides = pgTable('agenda_day_overrides', {
  date: date('date').primaryKey(),
  ranges: jsonb('ranges').$type<TimeRange[]>().notNull(),
  note: text('note'),
  createdAt: createdAt(),
});

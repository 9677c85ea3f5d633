import { date, index, pgTable, text, time } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { users } from './users.ts';

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

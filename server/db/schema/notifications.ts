import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { notificationChannels, notificationKinds, type NotificationChannel, type NotificationKind } from '#common/notifications/notifications.contract.ts';
import { users } from './auth.ts';
import { createdAt } from './columns.ts';

const quoted = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * The kinds of notice a client turned off, per channel (ADR 055): every kind is on until a row
 * says otherwise, so a new kind reaches everybody and an account without rows gets everything.
 */
export const notificationOptOuts = pgTable(
  'notification_opt_outs',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    channel: text('channel').$type<NotificationChannel>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.kind, table.channel] }),
    check('notification_opt_outs_kind_check', sql`${table.kind} in (${quoted(notificationKinds)})`),
    check('notification_opt_outs_channel_check', sql`${table.channel} in (${quoted(notificationChannels)})`),
  ],
);

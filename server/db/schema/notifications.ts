import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { notificationChannels, notificationKinds, type NotificationChannel, type NotificationKind } from '#common/notifications/notifications.contract.ts';
import { users } from './auth.ts';
import { createdAt, id } from './columns.ts';

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

/**
 * A browser that agreed to show the client's notifications (Web Push, ADR 059): the push service's
 * address for it and its keys. One row per browser; a push service that answers 404 or 410 has
 * forgotten it, and the row goes.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('push_subscriptions_user_idx').on(table.userId)],
);

/**
 * The pushes waiting for the background worker, written in the transaction of what they tell
 * (as the mails); the worker takes one, removing it, and sends it to each of the account's browsers.
 */
export const pushMessages = pgTable('push_messages', {
  id: id(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  payload: jsonb('payload').$type<{ title: string; body: string; url: string }>().notNull(),
  createdAt: createdAt(),
});

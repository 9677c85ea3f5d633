import { and, eq, inArray } from 'drizzle-orm';
import type { NotificationChannel, NotificationKind } from '#common/notifications/notifications.contract.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { notificationOptOuts } from '#server/db/schema/notifications.ts';

export const personalTables = [notificationOptOuts];

/** The kinds the account turned off, per channel. */
export function listOptOuts(db: Db | Tx, userId: string): Promise<Array<{ kind: NotificationKind; channel: NotificationChannel }>> {
  return db.select({ kind: notificationOptOuts.kind, channel: notificationOptOuts.channel }).from(notificationOptOuts).where(eq(notificationOptOuts.userId, userId));
}

/** Of `kinds`, those the account turned off on `channel`. */
export async function optedOutKinds(db: Db | Tx, userId: string, channel: NotificationChannel, kinds: readonly NotificationKind[]): Promise<NotificationKind[]> {
  if (kinds.length === 0) return [];
  const rows = await db
    .select({ kind: notificationOptOuts.kind })
    .from(notificationOptOuts)
    .where(and(eq(notificationOptOuts.userId, userId), eq(notificationOptOuts.channel, channel), inArray(notificationOptOuts.kind, [...kinds])));
  return rows.map((row) => row.kind);
}

/** Turns the kinds off on the channel; those already off stay as they were. */
export async function insertOptOuts(db: Db | Tx, userId: string, channel: NotificationChannel, kinds: readonly NotificationKind[]): Promise<void> {
  if (kinds.length === 0) return;
  await db
    .insert(notificationOptOuts)
    .values(kinds.map((kind) => ({ userId, kind, channel })))
    .onConflictDoNothing();
}

/** Turns the kinds back on on the channel. */
export async function deleteOptOuts(db: Db | Tx, userId: string, channel: NotificationChannel, kinds: readonly NotificationKind[]): Promise<void> {
  if (kinds.length === 0) return;
  await db.delete(notificationOptOuts).where(and(eq(notificationOptOuts.userId, userId), eq(notificationOptOuts.channel, channel), inArray(notificationOptOuts.kind, [...kinds])));
}

/** What the archive holds: each kind turned off, on which channel and since when. */
export function readOptOuts(db: Db, userId: string) {
  return db
    .select({ kind: notificationOptOuts.kind, channel: notificationOptOuts.channel, createdAt: notificationOptOuts.createdAt })
    .from(notificationOptOuts)
    .where(eq(notificationOptOuts.userId, userId));
}

export async function eraseOptOuts(db: Db, userId: string): Promise<void> {
  await db.delete(notificationOptOuts).where(eq(notificationOptOuts.userId, userId));
}

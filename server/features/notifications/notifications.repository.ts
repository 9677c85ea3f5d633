import { and, eq, inArray } from 'drizzle-orm';
import type { NotificationChannel, NotificationKind } from '#common/notifications/notifications.contract.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { notificationOptOuts, pushMessages, pushSubscriptions } from '#server/db/schema/notifications.ts';

export const personalTables = [notificationOptOuts, pushSubscriptions, pushMessages];

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

/** The account's browsers allowed to show its notifications: when each was added (its address is the push service's, not the person's). */
export function readPushSubscriptions(db: Db, userId: string) {
  return db.select({ createdAt: pushSubscriptions.createdAt }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

export async function eraseOptOuts(db: Db, userId: string): Promise<void> {
  await db.delete(notificationOptOuts).where(eq(notificationOptOuts.userId, userId));
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  await db.delete(pushMessages).where(eq(pushMessages.userId, userId));
}

/**
 * Keeps the browser's subscription for the account. A browser has one: subscribed again, by the
 * same account or by whoever signed in on it since, its row now names that account and its keys.
 */
export async function upsertPushSubscription(db: Db, userId: string, subscription: { endpoint: string; p256dh: string; auth: string }): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ userId, ...subscription })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: subscription.p256dh, auth: subscription.auth } });
}

/** Forgets the browser, only if it is the account's own. */
export async function deletePushSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** Forgets a browser its push service no longer knows (404, 410). */
export async function deleteGoneSubscription(db: Db, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

export function listPushSubscriptions(db: Db, userId: string) {
  return db
    .select({ endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}

/** Whether the account has a browser to push to: without one, nothing is queued. */
export async function hasPushSubscription(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).limit(1);
  return row !== undefined;
}

/** Pass the transaction that writes what the push tells: it exists only if that commits. */
export async function insertPushMessage(db: Db | Tx, values: typeof pushMessages.$inferInsert): Promise<void> {
  await db.insert(pushMessages).values(values);
}

/** Takes the oldest waiting push, removing it; SKIP LOCKED lets instances take different ones. */
export async function takeNextPushMessage(db: Db) {
  const next = db.select({ id: pushMessages.id }).from(pushMessages).orderBy(pushMessages.createdAt).limit(1).for('update', { skipLocked: true });
  const [row] = await db.delete(pushMessages).where(inArray(pushMessages.id, next)).returning();
  return row;
}

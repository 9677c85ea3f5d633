import { and, asc, count, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { AdminListQuery } from '#common/admin/paging.contract.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { matchingAny, pageWindow } from '#server/db/paging.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';

type OutboxMailRow = typeof mailOutbox.$inferSelect;

/** Pass the transaction that writes the mail's cause: the mail exists only if that commits. */
export async function insertMail(db: Db | Tx, values: typeof mailOutbox.$inferInsert): Promise<void> {
  await db.insert(mailOutbox).values(values);
}

/**
 * Claims the mail due longest, counting the attempt, until `lockedUntil`: a queued mail whose time
 * has come, or one whose sender's claim ran out (it crashed or was stopped mid-send). SKIP LOCKED
 * lets instances claiming at the same moment take different mails, never the same one.
 */
export async function claimNextMail(db: Db, now: Date, lockedUntil: Date): Promise<OutboxMailRow | undefined> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      or(
        and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.nextAttemptAt, now)),
        and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.lockedUntil, now)),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(mailOutbox)
    .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, lockedUntil, lastAttemptAt: now })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return row;
}

/**
 * The claim's own row, still claimed: the attempt count, raised by every claim, tells a sender
 * whose claim ran out and was retaken from the one sending now.
 */
const stillClaimed = (claim: Pick<OutboxMailRow, 'id' | 'attempts'>) =>
  and(eq(mailOutbox.id, claim.id), eq(mailOutbox.status, 'sending'), eq(mailOutbox.attempts, claim.attempts));

export async function markSent(db: Db, claim: Pick<OutboxMailRow, 'id' | 'attempts'>, sentAt: Date): Promise<void> {
  await db.update(mailOutbox).set({ status: 'sent', sentAt, lockedUntil: null }).where(stillClaimed(claim));
}

/** Queues the mail again for `retryAt`, or, without one, marks it failed for good. */
export async function markAttemptFailed(
  db: Db,
  claim: Pick<OutboxMailRow, 'id' | 'attempts'>,
  outcome: { retryAt: Date | undefined; reason: string; error: string },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: outcome.retryAt ? 'queued' : 'failed',
      ...(outcome.retryAt ? { nextAttemptAt: outcome.retryAt } : {}),
      lockedUntil: null,
      lastErrorReason: outcome.reason,
      lastError: outcome.error,
    })
    .where(stillClaimed(claim));
}

/** The mails that failed for good, the latest failure first, for the admin's Correo tab. */
export async function listFailedMails(db: Db, query: AdminListQuery) {
  const { limit, offset } = pageWindow(query);
  const where = and(
    eq(mailOutbox.status, 'failed'),
    matchingAny(query.q, [mailOutbox.recipient, mailOutbox.subject]),
  );
  const rows = await db.select().from(mailOutbox).where(where).orderBy(desc(mailOutbox.lastAttemptAt)).limit(limit).offset(offset);
  const [total] = await db.select({ value: count() }).from(mailOutbox).where(where);
  return { rows, total: total?.value ?? 0 };
}

/** A mail failed for good back in the queue as if new; nothing for a mail in any other state. */
export async function requeueFailedMail(db: Db, id: string, now: Date): Promise<Pick<OutboxMailRow, 'recipient' | 'subject'> | undefined> {
  const [row] = await db
    .update(mailOutbox)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: now, lastErrorReason: null, lastError: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
    .returning({ recipient: mailOutbox.recipient, subject: mailOutbox.subject });
  return row;
}

export async function hasMail(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.id, id));
  return Boolean(row);
}

/** Forgets the mails delivered before `sentBefore`: their text holds personal data and links. */
export async function deleteSentMails(db: Db, sentBefore: Date): Promise<void> {
  await db.delete(mailOutbox).where(and(eq(mailOutbox.status, 'sent'), lt(mailOutbox.sentAt, sentBefore)));
}

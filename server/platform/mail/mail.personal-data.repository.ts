import { or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';

export const personalTables = [mailOutbox];

/** Mails to them, and the firm's notices that answer to them, carry what they wrote. */
export async function eraseMailsOf(db: Db, email: string): Promise<void> {
  await db.delete(mailOutbox).where(or(sql`lower(${mailOutbox.recipient}) = lower(${email})`, sql`lower(${mailOutbox.replyTo}) = lower(${email})`));
}

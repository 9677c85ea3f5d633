import { asc, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { contactFormSubmissions } from '#server/db/schema/contact.ts';

export const personalTables = [contactFormSubmissions];

export async function findContactRequestIds(db: Db, email: string): Promise<string[]> {
  const rows = await db.select({ id: contactFormSubmissions.id }).from(contactFormSubmissions).where(sql`lower(${contactFormSubmissions.email}) = lower(${email})`);
  return rows.map((row) => row.id);
}

export function readContactRequests(db: Db, requestIds: string[]) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      name: contactFormSubmissions.name,
      email: contactFormSubmissions.email,
      phone: contactFormSubmissions.phone,
      subject: contactFormSubmissions.subject,
      message: contactFormSubmissions.message,
      privacyConsentedAt: contactFormSubmissions.privacyConsentedAt,
      privacyPolicyVersion: contactFormSubmissions.privacyPolicyVersion,
      answeredAt: contactFormSubmissions.answeredAt,
      createdAt: contactFormSubmissions.createdAt,
    })
    .from(contactFormSubmissions)
    .where(inArray(contactFormSubmissions.id, requestIds))
    .orderBy(asc(contactFormSubmissions.createdAt));
}

export async function eraseContactRequests(db: Db, requestIds: string[]): Promise<void> {
  if (requestIds.length > 0) await db.delete(contactFormSubmissions).where(inArray(contactFormSubmissions.id, requestIds));
}

import { and, asc, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { Person } from '#server/db/personal-data.ts';
import { quotes } from '#server/db/schema/quotes.ts';

export const personalTables = [quotes];

/** Made out to their account, or to their e-mail without an account (a translation quote). */
export async function findQuoteIds(db: Db, person: Person): Promise<string[]> {
  const rows = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(or(eq(quotes.userId, person.id), and(isNull(quotes.userId), sql`lower(${quotes.email}) = lower(${person.email})`)));
  return rows.map((row) => row.id);
}

/* Never the quote link's hash: a secret of the site. */
export function readQuotes(db: Db, quoteIds: string[]) {
  if (quoteIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: quotes.id,
      kind: quotes.kind,
      status: quotes.status,
      name: quotes.name,
      email: quotes.email,
      language: quotes.language,
      serviceId: quotes.serviceId,
      requestMessage: quotes.requestMessage,
      priceCents: quotes.priceCents,
      currency: quotes.currency,
      validUntil: quotes.validUntil,
      message: quotes.message,
      translation: quotes.translation,
      sentAt: quotes.sentAt,
      respondedAt: quotes.respondedAt,
      createdAt: quotes.createdAt,
    })
    .from(quotes)
    .where(inArray(quotes.id, quoteIds))
    .orderBy(asc(quotes.createdAt));
}

/** The quotes go, but those a payment names: they keep the price and terms, not who asked nor what they wrote. */
export async function eraseQuotes(db: Db, quoteIds: string[], keptIds: string[], erasedEmail: string): Promise<void> {
  if (quoteIds.length === 0) return;
  await db.delete(quotes).where(keptIds.length > 0 ? and(inArray(quotes.id, quoteIds), notInArray(quotes.id, keptIds)) : inArray(quotes.id, quoteIds));
  if (keptIds.length > 0) {
    await db
      .update(quotes)
      .set({ name: '', email: erasedEmail, requestMessage: null, message: null, accessTokenHash: null, translationRequestId: null })
      .where(inArray(quotes.id, keptIds));
  }
}

import { and, asc, count, desc, eq, ilike, isNull, lt, or, sql } from 'drizzle-orm';
import type { AssignedListQuery } from '#common/assignees/assignees.contract.ts';
import type { Language } from '#common/i18n/languages.ts';
import { translationServiceId } from '#common/services/offers.ts';
import { assignedListFilter } from '#server/db/assigned-list.ts';
import { assignedTo } from '#server/db/assigned-to.ts';
import type { TodayWhose } from '#common/today/today.contract.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { containing, matchingAny, pageWindow } from '#server/db/paging.ts';
import { insertedRow } from '#server/db/returning.ts';
import { quotes } from '#server/db/schema/quotes.ts';
import { serviceTitlesToJoin } from '#server/features/services/services.service.ts';

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteWithTitle = QuoteRow & { title: string | null };

/** The service a quote opens: its own for a case, the hidden translation service for a translation. */
const quotedServiceId = sql<string>`coalesce(${quotes.serviceId}, ${translationServiceId})`;

/** The services' titles in `language` (services owns them), joined by the quoted service. */
const serviceTitles = (language: Language) => serviceTitlesToJoin(language, 'service_title');
const joinTitle = (titles: ReturnType<typeof serviceTitles>) => eq(titles.serviceId, quotedServiceId);

const withTitle = (db: Db, language: Language, titles = serviceTitles(language)) =>
  db.select({ quote: quotes, title: titles.title }).from(quotes).leftJoin(titles, joinTitle(titles));

const flatten = (rows: Array<{ quote: QuoteRow; title: string | null }>): QuoteWithTitle[] => rows.map(({ quote, title }) => ({ ...quote, title }));

export async function insertQuote(db: Db, values: typeof quotes.$inferInsert): Promise<QuoteRow> {
  return insertedRow(await db.insert(quotes).values(values).returning());
}

export async function findQuote(db: Db, id: string, language: Language): Promise<QuoteWithTitle | undefined> {
  return flatten(await withTitle(db, language).where(eq(quotes.id, id)))[0];
}

export async function findQuoteByTokenHash(db: Db, tokenHash: string, language: Language): Promise<QuoteWithTitle | undefined> {
  return flatten(await withTitle(db, language).where(eq(quotes.accessTokenHash, tokenHash)))[0];
}

/** The quote, locked until the caller's transaction ends: its answers (send, decline, checkout) happen one at a time. */
export async function lockQuote(db: Db, id: string): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id)).for('update');
  return row;
}

export async function updateQuote(
  db: Db,
  id: string,
  values: Partial<Pick<QuoteRow, 'status' | 'userId' | 'priceCents' | 'validUntil' | 'message' | 'accessTokenHash' | 'sentBy' | 'sentAt' | 'respondedAt'>>,
): Promise<void> {
  await db.update(quotes).set(values).where(eq(quotes.id, id));
}

/**
 * A client's quotes, newest first: those of their account, and those sent to their address before
 * it had one (a translation quote), which become theirs when they accept.
 */
export async function listClientQuotes(db: Db, { userId, email }: { userId: string; email: string }, language: Language): Promise<QuoteWithTitle[]> {
  return flatten(
    await withTitle(db, language)
      .where(or(eq(quotes.userId, userId), and(isNull(quotes.userId), sql`lower(${quotes.email}) = ${email.toLowerCase()}`)))
      .orderBy(desc(quotes.createdAt)),
  );
}

/** The client's request for this service still waiting for its price, if any. */
export async function findWaitingRequest(db: Db, userId: string, serviceId: string): Promise<QuoteRow | undefined> {
  const [row] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.userId, userId), eq(quotes.serviceId, serviceId), eq(quotes.status, 'requested')))
    .limit(1);
  return row;
}

/** The translation request a quote answers, if it answers one. */
export async function findQuoteRequestId(db: Db, quoteId: string): Promise<string | null> {
  const [row] = await db.select({ requestId: quotes.translationRequestId }).from(quotes).where(eq(quotes.id, quoteId));
  return row?.requestId ?? null;
}

/** The quotes sent in answer to one translation request, newest first. */
export function listRequestQuotes(db: Db, translationRequestId: string): Promise<QuoteRow[]> {
  return db.select().from(quotes).where(eq(quotes.translationRequestId, translationRequestId)).orderBy(desc(quotes.createdAt));
}

/** Open quotes first (requests waiting for a price, then quotes waiting for an answer), the rest newest first. */
const openFirst = sql`case ${quotes.status} when 'requested' then 0 when 'sent' then 1 else 2 end`;

export async function listQuotesForAdmin(db: Db, query: AssignedListQuery, language: Language, staffId: string) {
  const { limit, offset } = pageWindow(query);
  const titles = serviceTitles(language);
  const where = and(matchingAny(query.q, [quotes.name, quotes.email, quotes.status, titles.title]), assignedListFilter(quotes.assigneeId, query.assigned, staffId));
  const rows = await withTitle(db, language, titles).where(where).orderBy(asc(openFirst), desc(quotes.createdAt)).limit(limit).offset(offset);
  const [total] = await db.select({ value: count() }).from(quotes).leftJoin(titles, joinTitle(titles)).where(where);
  return { rows: flatten(rows), total: total?.value ?? 0 };
}

/** Marks expired every sent quote whose last day is before `today` (Madrid); answers how many. */
export async function expireLapsedQuotes(db: Db, today: string): Promise<number> {
  const expired = await db
    .update(quotes)
    .set({ status: 'expired' })
    .where(and(eq(quotes.status, 'sent'), lt(quotes.validUntil, today)))
    .returning({ id: quotes.id });
  return expired.length;
}

/** The back office's search of quotes by whom they are for (name or e-mail), newest first. */
export async function searchQuoteRows(db: Db, term: string, limit: number) {
  return db
    .select({ id: quotes.id, name: quotes.name, email: quotes.email, kind: quotes.kind, status: quotes.status })
    .from(quotes)
    .where(or(ilike(quotes.name, containing(term)), ilike(quotes.email, containing(term))))
    .orderBy(desc(quotes.createdAt))
    .limit(limit);
}

/** Sets who handles a quote, its row locked; the assignee before and whose it is, or undefined for no such quote. */
export async function setQuoteAssignee(db: Tx, id: string, assigneeId: string | null) {
  const [before] = await db.select({ assigneeId: quotes.assigneeId, name: quotes.name }).from(quotes).where(eq(quotes.id, id)).for('update');
  if (before) await db.update(quotes).set({ assigneeId }).where(eq(quotes.id, id));
  return before;
}

/** The case quotes clients asked for and the firm has not priced yet, the oldest first: `whose` one person's and the unassigned, or all. */
export async function listQuotesAwaitingPrice(db: Db, whose: TodayWhose, language: Language, limit: number) {
  const rows = await withTitle(db, language)
    .where(and(eq(quotes.kind, 'case'), eq(quotes.status, 'requested'), assignedTo(quotes.assigneeId, whose)))
    .orderBy(asc(quotes.createdAt))
    .limit(limit);
  return flatten(rows);
}

/** Gives the quotes a departing staff member held back to the unassigned queue; answers how many. */
export async function releaseQuotesOf(db: Db | Tx, staffId: string): Promise<number> {
  return (await db.update(quotes).set({ assigneeId: null }).where(eq(quotes.assigneeId, staffId)).returning({ id: quotes.id })).length;
}

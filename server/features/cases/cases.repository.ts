import { and, asc, count, desc, eq, exists, gte, ilike, inArray, isNull, like, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { AdminCasesQuery } from '#common/cases/case-assignee.contract.ts';
import type { FamilyMember } from '#common/billing/billing-vocabulary.ts';
import type { CaseStage } from '#common/cases/cases.contract.ts';
import type { Language } from '#common/i18n/languages.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { containing, pageWindow } from '#server/db/paging.ts';
import { insertedRow } from '#server/db/returning.ts';
import { caseDocumentRequests, caseDocuments, caseFamilyMembers, caseMessages, cases, caseStageChanges, caseViews, fileNumberIdentifier } from '#server/db/schema/cases.ts';
import { accountsToJoin as client } from '#server/features/auth/accounts.service.ts';
import { serviceTitlesToJoin } from '#server/features/services/services.service.ts';

export type CaseRow = typeof cases.$inferSelect;

/**
 * Whose each case is, and who handles it, as a subquery another feature's repository joins on `id`
 * (a deadline's case) to reach and search the case's client: still one query, while only cases names the table.
 */
export const caseClientsToJoin = new QueryBuilder().select({ id: cases.id, userId: cases.userId, assigneeId: cases.assigneeId }).from(cases).as('client_case');
export type CaseDocumentRow = typeof caseDocuments.$inferSelect;
export type CaseFamilyMemberRow = typeof caseFamilyMembers.$inferSelect;
export type CaseMessageRow = typeof caseMessages.$inferSelect;

/** A new case and the first entry of its history, in the caller's transaction. */
export async function insertCase(db: Db, values: { userId: string; serviceId: string; stage: CaseStage }): Promise<CaseRow> {
  const row = insertedRow(await db.insert(cases).values(values).returning());
  await db.insert(caseStageChanges).values({ caseId: row.id, stage: row.stage });
  return row;
}

/** A case's family members, in the order given. */
export async function insertFamilyMembers(db: Db, caseId: number, members: FamilyMember[]): Promise<CaseFamilyMemberRow[]> {
  if (members.length === 0) return [];
  return db
    .insert(caseFamilyMembers)
    .values(members.map((member, index) => ({ caseId, name: member.name, relationship: member.relationship, passport: member.passport, position: index + 1 })))
    .returning()
    .then((rows) => rows.sort((a, b) => a.position - b.position));
}

export function listFamilyMembers(db: Db, caseIds: number[]): Promise<CaseFamilyMemberRow[]> {
  if (caseIds.length === 0) return Promise.resolve([]);
  return db.select().from(caseFamilyMembers).where(inArray(caseFamilyMembers.caseId, caseIds)).orderBy(asc(caseFamilyMembers.caseId), asc(caseFamilyMembers.position));
}

/** The services' titles in `language`, joined by the case's service (services owns them). */
const serviceTitles = (language: Language) => serviceTitlesToJoin(language, 'service_title');
type ServiceTitles = ReturnType<typeof serviceTitles>;
const joinTitle = (titles: ServiceTitles) => eq(titles.serviceId, cases.serviceId);

const caseColumns = (titles: ServiceTitles) => ({
  id: cases.id,
  userId: cases.userId,
  serviceId: cases.serviceId,
  serviceIdText: cases.serviceIdText,
  stage: cases.stage,
  fileNumber: cases.fileNumber,
  filedOn: cases.filedOn,
  filingOffice: cases.filingOffice,
  assigneeId: cases.assigneeId,
  createdAt: cases.createdAt,
  serviceTitle: titles.title,
});

/** When `userId` last opened the case of the row being read; never opened is the beginning of time. */
function seenBy(userId: string): SQL {
  return sql`coalesce((select ${caseViews.seenAt} from ${caseViews} where ${caseViews.caseId} = ${cases.id} and ${caseViews.userId} = ${userId}), 'epoch'::timestamptz)`;
}

/** What the client has not seen of their case: the firm's messages, its stage moves and rejected documents. */
function unreadByClient(userId: string): SQL<number> {
  const seen = seenBy(userId);
  return sql<number>`(
    (select count(*) from ${caseMessages} where ${caseMessages.caseId} = ${cases.id} and ${caseMessages.authorRole} = 'firm' and ${caseMessages.createdAt} > ${seen})
    + (select count(*) from ${caseStageChanges} where ${caseStageChanges.caseId} = ${cases.id} and ${caseStageChanges.changedBy} is not null and ${caseStageChanges.createdAt} > ${seen})
    + (select count(*) from ${caseDocumentRequests} where ${caseDocumentRequests.caseId} = ${cases.id} and ${caseDocumentRequests.status} = 'rejected' and ${caseDocumentRequests.updatedAt} > ${seen})
  )::int`;
}

/** What an admin has not seen of a case: the client's messages and uploads. */
function unreadByAdmin(adminId: string): SQL<number> {
  const seen = seenBy(adminId);
  return sql<number>`(
    (select count(*) from ${caseMessages} where ${caseMessages.caseId} = ${cases.id} and ${caseMessages.authorRole} = 'client' and ${caseMessages.createdAt} > ${seen})
    + (select count(*) from ${caseDocuments} where ${caseDocuments.caseId} = ${cases.id} and ${caseDocuments.uploadedBy} = ${cases.userId} and ${caseDocuments.createdAt} > ${seen})
  )::int`;
}

/** Records that `userId` opened the case now: what came before is read. */
export async function markCaseSeen(db: Db, userId: string, caseId: number): Promise<void> {
  await db
    .insert(caseViews)
    .values({ userId, caseId, seenAt: sql`now()` })
    .onConflictDoUpdate({ target: [caseViews.userId, caseViews.caseId], set: { seenAt: sql`now()` } });
}

/** How many cases have something this admin has not seen. */
export async function countCasesUnreadByAdmin(db: Db, adminId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(cases).where(sql`${unreadByAdmin(adminId)} > 0`);
  return row?.value ?? 0;
}

function selectCases(db: Db, language: Language) {
  const titles = serviceTitles(language);
  return db.select(caseColumns(titles)).from(cases).leftJoin(titles, joinTitle(titles));
}

export type CaseWithTitle = NonNullable<Awaited<ReturnType<typeof findCaseWithTitle>>>;

/** One client's cases, newest first, with how much of each they have not seen. */
export function listUserCases(db: Db, userId: string, language: Language) {
  const titles = serviceTitles(language);
  return db
    .select({ ...caseColumns(titles), unread: unreadByClient(userId) })
    .from(cases)
    .leftJoin(titles, joinTitle(titles))
    .where(eq(cases.userId, userId))
    .orderBy(desc(cases.createdAt), desc(cases.id));
}

/** The ids of one client's cases of some services. */
export async function listCaseIdsOfServices(db: Db, userId: string, serviceIds: string[]): Promise<number[]> {
  if (serviceIds.length === 0) return [];
  const rows = await db.select({ id: cases.id }).from(cases).where(and(eq(cases.userId, userId), inArray(cases.serviceId, serviceIds))).orderBy(desc(cases.id));
  return rows.map((row) => row.id);
}

export async function findCaseWithTitle(db: Db, id: number, language: Language) {
  const [row] = await selectCases(db, language).where(eq(cases.id, id));
  return row;
}

export async function findCase(db: Db, id: number): Promise<CaseRow | undefined> {
  const [row] = await db.select().from(cases).where(eq(cases.id, id));
  return row;
}

/** The case's client, for the mails about it. */
export async function findCaseClient(db: Db, caseId: number) {
  const [row] = await db
    .select({ userId: client.id, email: client.email, firstName: client.firstName, lastName: client.lastName, phone: client.phone, language: client.language })
    .from(cases)
    .innerJoin(client, eq(client.id, cases.userId))
    .where(eq(cases.id, caseId));
  return row;
}

export function listStageChanges(db: Db, caseIds: number[]) {
  if (caseIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(caseStageChanges)
    .where(inArray(caseStageChanges.caseId, caseIds))
    .orderBy(asc(caseStageChanges.createdAt), asc(caseStageChanges.id));
}

export function listDocuments(db: Db, caseIds: number[]): Promise<CaseDocumentRow[]> {
  if (caseIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(caseDocuments)
    .where(inArray(caseDocuments.caseId, caseIds))
    .orderBy(asc(caseDocuments.createdAt), asc(caseDocuments.documentName));
}

export function listMessages(db: Db, caseIds: number[]): Promise<CaseMessageRow[]> {
  if (caseIds.length === 0) return Promise.resolve([]);
  return db.select().from(caseMessages).where(inArray(caseMessages.caseId, caseIds)).orderBy(asc(caseMessages.createdAt), asc(caseMessages.id));
}

export async function insertDocument(db: Db, values: typeof caseDocuments.$inferInsert): Promise<CaseDocumentRow> {
  return insertedRow(await db.insert(caseDocuments).values(values).returning());
}

export async function findDocument(db: Db, caseId: number, documentId: string): Promise<CaseDocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(caseDocuments)
    .where(and(eq(caseDocuments.caseId, caseId), eq(caseDocuments.id, documentId)));
  return row;
}

export async function insertMessage(db: Db, values: typeof caseMessages.$inferInsert): Promise<CaseMessageRow> {
  return insertedRow(await db.insert(caseMessages).values(values).returning());
}

/** The case's new stage and its timeline entry, in the caller's transaction. */
export async function updateStage(db: Db, caseId: number, change: { stage: CaseStage; note: string | null; changedBy: string }): Promise<void> {
  await db.update(cases).set({ stage: change.stage }).where(eq(cases.id, caseId));
  await db.insert(caseStageChanges).values({ caseId, ...change });
}

export async function updateFiling(db: Db, caseId: number, filing: { fileNumber: string | null; filedOn: string | null; filingOffice: string | null }): Promise<void> {
  await db.update(cases).set(filing).where(eq(cases.id, caseId));
}

/** Every case for the admin's Expedientes tab, with its client and what this admin has not seen of it, newest first. */
export async function listCasesForAdmin(db: Db, query: AdminCasesQuery, language: Language, adminId: string) {
  const { limit, offset } = pageWindow(query);
  const titles = serviceTitles(language);
  const matching = query.q
    ? or(
        ilike(client.name, containing(query.q)),
        ilike(client.email, containing(query.q)),
        ilike(cases.fileNumber, containing(query.q)),
        ilike(titles.title, containing(query.q)),
      )
    : undefined;
  const assigned = query.assigned === 'mine' ? eq(cases.assigneeId, adminId) : query.assigned === 'unassigned' ? isNull(cases.assigneeId) : undefined;
  const where = and(matching, assigned);
  const rows = await db
    .select({ ...caseColumns(titles), clientName: client.name, clientEmail: client.email, unread: unreadByAdmin(adminId) })
    .from(cases)
    .innerJoin(client, eq(client.id, cases.userId))
    .leftJoin(titles, joinTitle(titles))
    .where(where)
    .orderBy(desc(cases.createdAt), desc(cases.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ value: count() })
    .from(cases)
    .innerJoin(client, eq(client.id, cases.userId))
    .leftJoin(titles, joinTitle(titles))
    .where(where);
  return { rows, total: total?.value ?? 0 };
}

/**
 * Takes, in the caller's transaction, the cases with client uploads the firm has not been mailed
 * about and no such mail since `mailedBefore`: their uploads are marked notified at `at` and
 * returned by case. Rows another instance holds are skipped (it is mailing them), so each upload
 * is announced once.
 */
export async function claimNewUploads(db: Db, at: Date, mailedBefore: Date) {
  const waiting = db
    .select({ id: caseDocuments.id })
    .from(caseDocuments)
    .where(and(eq(caseDocuments.caseId, cases.id), isNull(caseDocuments.firmNotifiedAt), eq(caseDocuments.uploadedBy, cases.userId)));
  const claimed = await db
    .select({ id: cases.id, userId: cases.userId })
    .from(cases)
    .where(and(or(isNull(cases.uploadsMailedAt), lte(cases.uploadsMailedAt, mailedBefore)), exists(waiting)))
    .orderBy(asc(cases.id))
    .for('update', { skipLocked: true });
  const batches: Array<{ caseId: number; files: string[] }> = [];
  for (const { id, userId } of claimed) {
    const files = await db
      .update(caseDocuments)
      .set({ firmNotifiedAt: at })
      .where(and(eq(caseDocuments.caseId, id), isNull(caseDocuments.firmNotifiedAt), eq(caseDocuments.uploadedBy, userId)))
      .returning({ name: caseDocuments.documentName, createdAt: caseDocuments.createdAt });
    await db.update(cases).set({ uploadsMailedAt: at }).where(eq(cases.id, id));
    files.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    batches.push({ caseId: id, files: files.map((file) => file.name) });
  }
  return batches;
}

/** How many cases each of these clients has (a client without any is left out). */
export async function countCasesByClient(db: Db, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select({ userId: cases.userId, value: count() }).from(cases).where(inArray(cases.userId, userIds)).groupBy(cases.userId);
  return new Map(rows.map((row) => [row.userId, row.value]));
}

/**
 * The stored files case documents name, for the orphan sweep: their column (orphan-sweep.test.ts compares
 * the holders' columns with the schema) and which of some stored keys a row names.
 */
export const caseDocumentFiles = {
  column: caseDocuments.storagePath,
  async namedAmong(db: Db, keys: string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows = await db.select({ key: caseDocuments.storagePath }).from(caseDocuments).where(inArray(caseDocuments.storagePath, keys));
    return rows.map((row) => row.key);
  },
};

/**
 * The back office's search of cases: its EXP number (the id: "EXP-0042", "42"), or the
 * administration's file number containing the term, compared on letters and digits only
 * ("03 2024 001234" finds "03/2024/001234"). The exact EXP number first, then the newest.
 */
export async function searchCaseRows(db: Db, compact: string, caseId: number | undefined, limit: number) {
  // Compared on letters and digits (its trigram index, schema/cases.ts): what contains the term contains it so reduced too.
  const matches = [...(compact.length >= 2 ? [like(fileNumberIdentifier(cases), `%${compact}%`)] : []), ...(caseId ? [eq(cases.id, caseId)] : [])];
  if (!matches.length) return [];
  return db
    .select({ id: cases.id, fileNumber: cases.fileNumber, clientName: client.name })
    .from(cases)
    .innerJoin(client, eq(client.id, cases.userId))
    .where(or(...matches))
    .orderBy(desc(sql`${cases.id} = ${caseId ?? 0}`), desc(cases.createdAt), desc(cases.id))
    .limit(limit);
}

/** Sets who handles a case, in the caller's transaction, answering who handled it before (undefined: no such case). */
export async function setCaseAssignee(db: Db | Tx, caseId: number, assigneeId: string | null) {
  const [before] = await db.select({ assigneeId: cases.assigneeId }).from(cases).where(eq(cases.id, caseId)).for('update');
  if (!before) return undefined;
  await db.update(cases).set({ assigneeId }).where(eq(cases.id, caseId));
  return before;
}

/** Cases opened since `since` that nobody handles yet (not cancelled), newest first, with their client and service: the "Hoy" view's new work. */
export function listNewUnassignedCases(db: Db, since: Date, language: Language, limit: number) {
  const titles = serviceTitles(language);
  return db
    .select({ id: cases.id, createdAt: cases.createdAt, clientName: client.name, serviceTitle: titles.title, serviceIdText: cases.serviceIdText })
    .from(cases)
    .innerJoin(client, eq(client.id, cases.userId))
    .leftJoin(titles, joinTitle(titles))
    .where(and(isNull(cases.assigneeId), gte(cases.createdAt, since), ne(cases.stage, 'cancelled')))
    .orderBy(desc(cases.createdAt), desc(cases.id))
    .limit(limit);
}

/** Gives the cases a departing staff member held back to the unassigned queue; answers how many. */
export async function releaseCasesOf(db: Db | Tx, staffId: string): Promise<number> {
  return (await db.update(cases).set({ assigneeId: null }).where(eq(cases.assigneeId, staffId)).returning({ id: cases.id })).length;
}

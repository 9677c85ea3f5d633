import { and, asc, count, desc, eq, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { AssignedListQuery } from '#common/assignees/assignees.contract.ts';
import type { Language } from '#common/i18n/languages.ts';
import { assignedListFilter } from '#server/db/assigned-list.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { matchingAny, pageWindow } from '#server/db/paging.ts';
import { insertedRow } from '#server/db/returning.ts';
import { consultations } from '#server/db/schema/consultations.ts';
import { accountsToJoin as account } from '#server/features/auth/accounts.service.ts';
import { consultationPaymentsToJoin as payment } from '#server/features/payments/payments.service.ts';
import { serviceTitlesToJoin } from '#server/features/services/services.service.ts';

type ConsultationRow = typeof consultations.$inferSelect;

export async function insertConsultation(db: Db, values: typeof consultations.$inferInsert): Promise<ConsultationRow> {
  return insertedRow(await db.insert(consultations).values(values).returning());
}

/** One client's consultations, newest first, with the title of the service a hired one was bought as. */
export function listUserConsultations(db: Db, userId: string, language: Language) {
  const type = serviceTitlesToJoin(language, 'type_title');
  const recommended = serviceTitlesToJoin(language, 'recommended');
  return db
    .select({
      id: consultations.id,
      type: consultations.consultationType,
      title: type.title,
      status: consultations.status,
      scheduledAt: consultations.scheduledAt,
      meetingMode: consultations.meetingMode,
      videoUrl: consultations.videoUrl,
      firmNote: consultations.firmNote,
      recommendedServiceId: consultations.recommendedServiceId,
      recommendedTitle: recommended.title,
      createdAt: consultations.createdAt,
    })
    .from(consultations)
    .leftJoin(type, eq(type.serviceId, consultations.consultationType))
    .leftJoin(recommended, eq(recommended.serviceId, consultations.recommendedServiceId))
    .where(eq(consultations.userId, userId))
    .orderBy(desc(consultations.createdAt));
}

/** The back office's consultations, newest first, with the account, the hired service's title in the admin's language and the payment that opened it. */
export async function listConsultations(db: Db, query: AssignedListQuery, language: Language, staffId: string) {
  const { limit, offset } = pageWindow(query);
  const type = serviceTitlesToJoin(language, 'type_title');
  const titles = eq(type.serviceId, consultations.consultationType);
  const where = and(
    matchingAny(query.q, [
      account.name,
      account.email,
      sql`${consultations.details}->>'name'`,
      sql`${consultations.details}->>'email'`,
      consultations.consultationType,
      type.title,
    ]),
    assignedListFilter(consultations.assigneeId, query.assigned, staffId),
  );
  const rows = await db
    .select({
      consultation: consultations,
      userName: account.name,
      userEmail: account.email,
      typeTitle: type.title,
      paymentAmountCents: payment.amountCents,
      paymentCurrency: payment.currency,
      paymentStatus: payment.paymentStatus,
    })
    .from(consultations)
    .leftJoin(account, eq(account.id, consultations.userId))
    .leftJoin(type, titles)
    .leftJoin(payment, eq(payment.consultationId, consultations.id))
    .where(where)
    .orderBy(desc(consultations.createdAt))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ value: count() })
    .from(consultations)
    .leftJoin(account, eq(account.id, consultations.userId))
    .leftJoin(type, titles)
    .where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function findConsultation(db: Db, id: string): Promise<ConsultationRow | undefined> {
  const [row] = await db.select().from(consultations).where(eq(consultations.id, id));
  return row;
}

export async function deleteConsultation(db: Db, id: string): Promise<ConsultationRow | undefined> {
  const [row] = await db.delete(consultations).where(eq(consultations.id, id)).returning();
  return row;
}

/** Consultations with a call set between two instants, for the agenda (a cancelled one keeps its time, but not its place). */
export function listScheduledConsultations(db: Db, from: Date, to: Date) {
  return db
    .select({ consultation: consultations, userName: account.name })
    .from(consultations)
    .leftJoin(account, eq(account.id, consultations.userId))
    .where(and(gte(consultations.scheduledAt, from), lt(consultations.scheduledAt, to), ne(consultations.status, 'cancelada')))
    .orderBy(asc(consultations.scheduledAt));
}

/** Pending consultations the firm has not answered and whose call is not set, oldest first, with the account's name. */
export function listConsultationsAwaitingReply(db: Db) {
  return db
    .select({ consultation: consultations, userName: account.name })
    .from(consultations)
    .leftJoin(account, eq(account.id, consultations.userId))
    .where(and(eq(consultations.status, 'pendiente'), isNull(consultations.answeredAt), isNull(consultations.scheduledAt)))
    .orderBy(asc(consultations.createdAt));
}

/** Whose these consultations are: the account's name, or the name the form gave. */
export async function consultationNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: consultations.id, name: sql<string | null>`coalesce(${account.name}, ${consultations.details}->>'name')` })
    .from(consultations)
    .leftJoin(account, eq(account.id, consultations.userId))
    .where(inArray(consultations.id, ids));
  return new Map(rows.flatMap((row) => (row.name ? [[row.id, row.name] as const] : [])));
}

/** Sets who handles a consultation, its row locked; the assignee before and whose it is, or undefined for no such consultation. */
export async function setConsultationAssignee(db: Db, id: string, assigneeId: string | null) {
  const [before] = await db.select({ assigneeId: consultations.assigneeId }).from(consultations).where(eq(consultations.id, id)).for('update');
  if (!before) return undefined;
  await db.update(consultations).set({ assigneeId }).where(eq(consultations.id, id));
  return { assigneeId: before.assigneeId, name: (await consultationNames(db, [id])).get(id) ?? '' };
}

/** How many consultations each of these accounts has (one without any is left out). */
export async function countConsultationsByClient(db: Db, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: consultations.userId, value: count() })
    .from(consultations)
    .where(inArray(consultations.userId, userIds))
    .groupBy(consultations.userId);
  return new Map(rows.flatMap((row) => (row.userId ? [[row.userId, row.value] as const] : [])));
}

/** Gives the consultations a departing staff member held back to the unassigned queue; answers how many. */
export async function releaseConsultationsOf(db: Db | Tx, staffId: string): Promise<number> {
  return (await db.update(consultations).set({ assigneeId: null }).where(eq(consultations.assigneeId, staffId)).returning({ id: consultations.id })).length;
}

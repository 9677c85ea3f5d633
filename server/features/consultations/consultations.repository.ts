import { and, asc, count, desc, eq, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminListQuery } from '#common/admin/paging.contract.ts';
import type { Language } from '#common/i18n/languages.ts';
import type { Db } from '#server/db/client.ts';
import { matchingAny, pageWindow } from '#server/db/paging.ts';
import { insertedRow } from '#server/db/returning.ts';
import { users } from '#server/db/schema/auth.ts';
import { consultations } from '#server/db/schema/consultations.ts';
import { payments } from '#server/db/schema/payments.ts';
import { serviceTranslations } from '#server/db/schema/services.ts';

type ConsultationRow = typeof consultations.$inferSelect;

export async function insertConsultation(db: Db, values: typeof consultations.$inferInsert): Promise<ConsultationRow> {
  return insertedRow(await db.insert(consultations).values(values).returning());
}

const recommended = alias(serviceTranslations, 'recommended');

/** One client's consultations, newest first, with the title of the service a hired one was bought as. */
export function listUserConsultations(db: Db, userId: string, language: Language) {
  return db
    .select({
      id: consultations.id,
      type: consultations.consultationType,
      title: serviceTranslations.title,
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
    .leftJoin(
      serviceTranslations,
      and(eq(serviceTranslations.serviceId, consultations.consultationType), eq(serviceTranslations.language, language)),
    )
    .leftJoin(recommended, and(eq(recommended.serviceId, consultations.recommendedServiceId), eq(recommended.language, language)))
    .where(eq(consultations.userId, userId))
    .orderBy(desc(consultations.createdAt));
}

/** The back office's consultations, newest first, with the account, the hired service's title in the admin's language and the payment that opened it. */
export async function listConsultations(db: Db, query: AdminListQuery, language: Language) {
  const { limit, offset } = pageWindow(query);
  const titles = and(eq(serviceTranslations.serviceId, consultations.consultationType), eq(serviceTranslations.language, language));
  const where = matchingAny(query.q, [
    users.name,
    users.email,
    sql`${consultations.details}->>'name'`,
    sql`${consultations.details}->>'email'`,
    consultations.consultationType,
    serviceTranslations.title,
  ]);
  const rows = await db
    .select({
      consultation: consultations,
      userName: users.name,
      userEmail: users.email,
      typeTitle: serviceTranslations.title,
      paymentAmountCents: payments.amountCents,
      paymentCurrency: payments.currency,
      paymentStatus: payments.paymentStatus,
    })
    .from(consultations)
    .leftJoin(users, eq(users.id, consultations.userId))
    .leftJoin(serviceTranslations, titles)
    .leftJoin(payments, eq(payments.consultationId, consultations.id))
    .where(where)
    .orderBy(desc(consultations.createdAt))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ value: count() })
    .from(consultations)
    .leftJoin(users, eq(users.id, consultations.userId))
    .leftJoin(serviceTranslations, titles)
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
    .select({ consultation: consultations, userName: users.name })
    .from(consultations)
    .leftJoin(users, eq(users.id, consultations.userId))
    .where(and(gte(consultations.scheduledAt, from), lt(consultations.scheduledAt, to), ne(consultations.status, 'cancelada')))
    .orderBy(asc(consultations.scheduledAt));
}

/** Pending consultations the firm has not answered and whose call is not set, oldest first, with the account's name. */
export function listConsultationsAwaitingReply(db: Db) {
  return db
    .select({ consultation: consultations, userName: users.name })
    .from(consultations)
    .leftJoin(users, eq(users.id, consultations.userId))
    .where(and(eq(consultations.status, 'pendiente'), isNull(consultations.answeredAt), isNull(consultations.scheduledAt)))
    .orderBy(asc(consultations.createdAt));
}

/** Whose these consultations are: the account's name, or the name the form gave. */
export async function consultationNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: consultations.id, name: sql<string | null>`coalesce(${users.name}, ${consultations.details}->>'name')` })
    .from(consultations)
    .leftJoin(users, eq(users.id, consultations.userId))
    .where(inArray(consultations.id, ids));
  return new Map(rows.flatMap((row) => (row.name ? [[row.id, row.name] as const] : [])));
}

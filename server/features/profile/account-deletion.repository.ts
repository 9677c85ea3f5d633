import { and, eq, gt, inArray, isNotNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FamilyMember } from '#common/billing/billing-vocabulary.ts';
import type { Db } from '#server/db/client.ts';
import {
  accounts,
  agendaEvents,
  auditLogs,
  caseDeadlines,
  caseDocumentRequests,
  caseDocuments,
  caseFamilyMembers,
  caseMessages,
  caseStageChanges,
  caseViews,
  cases,
  chatConversations,
  consultationAttachments,
  consultationMessages,
  consultations,
  contactFormSubmissions,
  generalChatMessages,
  mailOutbox,
  payments,
  quotes,
  sessions,
  translationRequestDocuments,
  translationRequests,
  twoFactors,
  users,
  verifications,
} from '#server/db/schema/index.ts';
import { auditEntriesAbout, type Person, type PersonalRecords } from './personal-records.repository.ts';

/** The account, locked until the erasure commits: its role and e-mail as they are now. */
export async function lockAccount(db: Db, userId: string) {
  const [row] = await db.select({ id: users.id, email: users.email, role: users.role }).from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/** How many other admins there are, their rows locked so that two admins cannot both leave at once. */
export async function countOtherAdmins(db: Db, userId: string): Promise<number> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), ne(users.id, userId)))
    .for('update');
  return rows.length;
}

/** Whether a checkout of this account may still be paid (its provider's session lives 24 hours). */
export async function hasOpenCheckout(db: Db, userId: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.paymentStatus, 'pending'), gt(payments.createdAt, since)))
    .limit(1);
  return Boolean(row);
}

/** Where the files of these records are stored, to remove once the rows are gone. */
export async function storedFileKeys(db: Db, records: PersonalRecords): Promise<string[]> {
  const [caseFiles, consultationFiles, requestFiles] = await Promise.all([
    records.caseIds.length > 0
      ? db.select({ key: caseDocuments.storagePath }).from(caseDocuments).where(inArray(caseDocuments.caseId, records.caseIds))
      : [],
    records.consultationIds.length > 0
      ? db
          .select({ key: consultationAttachments.storagePath })
          .from(consultationAttachments)
          .innerJoin(consultationMessages, eq(consultationMessages.id, consultationAttachments.messageId))
          .where(inArray(consultationMessages.consultationId, records.consultationIds))
      : [],
    records.translationRequestIds.length > 0
      ? db
          .select({ key: translationRequestDocuments.storageKey })
          .from(translationRequestDocuments)
          .where(inArray(translationRequestDocuments.translationRequestId, records.translationRequestIds))
      : [],
  ]);
  return [...caseFiles, ...consultationFiles, ...requestFiles].map((row) => row.key);
}

/** Which of these cases, consultations and quotes a payment names: kept, emptied of personal data, for the payment and its invoices. */
export async function recordsPaymentsName(db: Db, records: PersonalRecords) {
  const conditions = [
    records.caseIds.length > 0 ? inArray(payments.caseId, records.caseIds) : undefined,
    records.consultationIds.length > 0 ? inArray(payments.consultationId, records.consultationIds) : undefined,
    records.consultationIds.length > 0 ? inArray(payments.creditConsultationId, records.consultationIds) : undefined,
    records.quoteIds.length > 0 ? inArray(payments.quoteId, records.quoteIds) : undefined,
  ];
  const where = or(...conditions);
  const rows = where
    ? await db
        .select({ caseId: payments.caseId, consultationId: payments.consultationId, creditConsultationId: payments.creditConsultationId, quoteId: payments.quoteId })
        .from(payments)
        .where(where)
    : [];
  const among = <T>(values: Array<T | null>, ids: T[]) => [...new Set(values.filter((value): value is T => value !== null && ids.includes(value)))];
  return {
    caseIds: among(rows.map((row) => row.caseId), records.caseIds),
    consultationIds: among(rows.flatMap((row) => [row.consultationId, row.creditConsultationId]), records.consultationIds),
    quoteIds: among(rows.map((row) => row.quoteId), records.quoteIds),
  };
}

/** Ids in `ids` but not in `kept`, as a condition on `column` (none at all when `ids` is empty). */
function outside<T extends string | number>(column: AnyPgColumn, ids: T[], kept: T[]): SQL | undefined {
  if (ids.length === 0) return undefined;
  return kept.length > 0 ? and(inArray(column, ids), notInArray(column, kept)) : inArray(column, ids);
}

export async function eraseCases(db: Db, caseIds: number[], keptIds: number[]): Promise<void> {
  if (caseIds.length === 0) return;
  const inCases = (column: AnyPgColumn) => inArray(column, caseIds);
  await db.delete(caseDocuments).where(inCases(caseDocuments.caseId));
  await db.delete(caseMessages).where(inCases(caseMessages.caseId));
  await db.delete(caseStageChanges).where(inCases(caseStageChanges.caseId));
  await db.delete(caseDocumentRequests).where(inCases(caseDocumentRequests.caseId));
  await db.delete(caseFamilyMembers).where(inCases(caseFamilyMembers.caseId));
  await db.delete(caseDeadlines).where(inCases(caseDeadlines.caseId));
  await db.delete(caseViews).where(inCases(caseViews.caseId));
  const notKept = outside(cases.id, caseIds, keptIds);
  if (notKept) await db.delete(cases).where(notKept);
  if (keptIds.length > 0) {
    // The stage stays, so the firm knows where the case was left; the administration's references go.
    await db.update(cases).set({ fileNumber: null, filedOn: null, filingOffice: null, uploadsMailedAt: null }).where(inArray(cases.id, keptIds));
  }
}

export async function eraseConsultations(db: Db, consultationIds: string[], keptIds: string[]): Promise<void> {
  if (consultationIds.length === 0) return;
  await db.delete(consultationMessages).where(inArray(consultationMessages.consultationId, consultationIds));
  const notKept = outside(consultations.id, consultationIds, keptIds);
  if (notKept) await db.delete(consultations).where(notKept);
  // What a hired consultation keeps in `details` is the service and the payment, nothing about the person.
  if (keptIds.length > 0) await db.update(consultations).set({ firmNote: null, videoUrl: null }).where(inArray(consultations.id, keptIds));
}

export async function eraseQuotes(db: Db, quoteIds: string[], keptIds: string[], erasedEmail: string): Promise<void> {
  if (quoteIds.length === 0) return;
  const notKept = outside(quotes.id, quoteIds, keptIds);
  if (notKept) await db.delete(quotes).where(notKept);
  if (keptIds.length > 0) {
    await db
      .update(quotes)
      .set({ name: '', email: erasedEmail, requestMessage: null, message: null, accessTokenHash: null, translationRequestId: null })
      .where(inArray(quotes.id, keptIds));
  }
}

/** The family members' passports are on no invoice: they go; names and relationships are printed on it, and stay. */
export async function erasePaymentPassports(db: Db, userId: string): Promise<void> {
  const rows = await db
    .select({ id: payments.id, familyMembers: payments.familyMembers })
    .from(payments)
    .where(and(eq(payments.userId, userId), sql`jsonb_array_length(${payments.familyMembers}) > 0`));
  for (const row of rows) {
    const members: FamilyMember[] = row.familyMembers.map((member) => ({ ...member, passport: '' }));
    await db.update(payments).set({ familyMembers: members }).where(eq(payments.id, row.id));
  }
}

export async function eraseRequestsAndChat(db: Db, person: Person, records: PersonalRecords): Promise<void> {
  if (records.contactRequestIds.length > 0) await db.delete(contactFormSubmissions).where(inArray(contactFormSubmissions.id, records.contactRequestIds));
  if (records.translationRequestIds.length > 0) await db.delete(translationRequests).where(inArray(translationRequests.id, records.translationRequestIds));
  if (records.chatMessageIds.length > 0) await db.delete(generalChatMessages).where(inArray(generalChatMessages.id, records.chatMessageIds));
  await db.delete(chatConversations).where(eq(chatConversations.userId, person.id));
  // Mails to them, and the firm's notices that answer to them, carry what they wrote.
  await db.delete(mailOutbox).where(or(sql`lower(${mailOutbox.recipient}) = lower(${person.email})`, sql`lower(${mailOutbox.replyTo}) = lower(${person.email})`));
}

/** The keys of audit details that may hold personal data: names, addresses, notes and reasons written about the person. */
const personalAuditKeys = ['name', 'email', 'senderName', 'senderEmail', 'recipient', 'subject', 'note', 'firmNote', 'reason', 'reference', 'videoUrl', 'fileNumber', 'office'];

/**
 * The audit log keeps what was done to their records, when and by whom, without the personal data
 * its details copied; the addresses they acted from go.
 */
export async function eraseFromAudit(db: Db, person: Person, records: PersonalRecords): Promise<void> {
  await db
    .update(auditLogs)
    .set({ details: sql`${auditLogs.details} - array[${sql.join(personalAuditKeys.map((key) => sql`${key}`), sql`, `)}]::text[]` })
    .where(and(auditEntriesAbout(person, records), isNotNull(auditLogs.details)));
  await db.update(auditLogs).set({ ipAddress: null }).where(eq(auditLogs.adminId, person.id));
}

/**
 * The account itself: nobody can sign in to it again (its sessions, password and pending links
 * go), and the row that payments, invoices' payments and audit entries point to keeps no personal data.
 */
export async function anonymiseAccount(db: Db, userId: string, erasedEmail: string, now: Date): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db.delete(accounts).where(eq(accounts.userId, userId));
  await db.delete(twoFactors).where(eq(twoFactors.userId, userId));
  await db.delete(verifications).where(eq(verifications.value, userId));
  await db.delete(caseViews).where(eq(caseViews.userId, userId));
  await db.delete(agendaEvents).where(eq(agendaEvents.adminId, userId));
  await db
    .update(users)
    .set({
      name: '',
      email: erasedEmail,
      emailVerified: false,
      image: null,
      role: 'user',
      firstName: '',
      lastName: '',
      phone: '',
      passportNumber: null,
      nie: null,
      address: null,
      dateOfBirth: null,
      language: 'es',
      twoFactorEnabled: false,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import {
  adminChatResponses,
  auditLogs,
  caseDeadlines,
  caseDocumentRequestFiles,
  caseDocumentRequests,
  caseDocuments,
  caseFamilyMembers,
  caseMessages,
  caseStageChanges,
  cases,
  consultationAttachments,
  consultationMessages,
  consultations,
  contactFormSubmissions,
  generalChatMessages,
  invoices,
  payments,
  quotes,
  refunds,
  sessions,
  translationRequestDocuments,
  translationRequests,
  users,
} from '#server/db/schema/index.ts';
import { auditEntriesAbout, type Person, type PersonalRecords } from './personal-records.repository.ts';

/*
 * Every column is named: what leaves in the archive is the person's data, never a secret of the
 * site (password hashes, session tokens, a quote link's hash) nor where a file is stored.
 */

export async function readAccount(db: Db, userId: string) {
  const [account] = await db
    .select({
      id: users.id,
      email: users.email,
      isEmailConfirmed: users.emailVerified,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      passportNumber: users.passportNumber,
      nie: users.nie,
      address: users.address,
      dateOfBirth: users.dateOfBirth,
      language: users.language,
      role: users.role,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return account;
}

export function readSessions(db: Db, userId: string) {
  return db
    .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, ipAddress: sessions.ipAddress, userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
}

export async function readCases(db: Db, caseIds: number[]) {
  if (caseIds.length === 0) return { cases: [], stages: [], messages: [], documents: [], requests: [], requestFiles: [], familyMembers: [], deadlines: [] };
  const [caseRows, stages, messages, documents, requests, requestFiles, familyMembers, deadlines] = await Promise.all([
    db
      .select({ id: cases.id, serviceId: cases.serviceId, stage: cases.stage, fileNumber: cases.fileNumber, filedOn: cases.filedOn, filingOffice: cases.filingOffice, createdAt: cases.createdAt })
      .from(cases)
      .where(inArray(cases.id, caseIds))
      .orderBy(asc(cases.id)),
    db
      .select({ caseId: caseStageChanges.caseId, stage: caseStageChanges.stage, note: caseStageChanges.note, createdAt: caseStageChanges.createdAt })
      .from(caseStageChanges)
      .where(inArray(caseStageChanges.caseId, caseIds))
      .orderBy(asc(caseStageChanges.createdAt)),
    db
      .select({ caseId: caseMessages.caseId, author: caseMessages.authorRole, body: caseMessages.body, createdAt: caseMessages.createdAt })
      .from(caseMessages)
      .where(inArray(caseMessages.caseId, caseIds))
      .orderBy(asc(caseMessages.createdAt)),
    db
      .select({
        id: caseDocuments.id,
        caseId: caseDocuments.caseId,
        name: caseDocuments.documentName,
        contentType: caseDocuments.contentType,
        sizeBytes: caseDocuments.sizeBytes,
        storageKey: caseDocuments.storagePath,
        uploadedBy: caseDocuments.uploadedBy,
        createdAt: caseDocuments.createdAt,
      })
      .from(caseDocuments)
      .where(inArray(caseDocuments.caseId, caseIds))
      .orderBy(asc(caseDocuments.createdAt)),
    db
      .select({
        id: caseDocumentRequests.id,
        caseId: caseDocumentRequests.caseId,
        familyMemberId: caseDocumentRequests.familyMemberId,
        title: caseDocumentRequests.title,
        explanation: caseDocumentRequests.explanation,
        status: caseDocumentRequests.status,
        rejectionReason: caseDocumentRequests.rejectionReason,
        dueDate: caseDocumentRequests.dueDate,
        createdAt: caseDocumentRequests.createdAt,
        updatedAt: caseDocumentRequests.updatedAt,
      })
      .from(caseDocumentRequests)
      .where(inArray(caseDocumentRequests.caseId, caseIds))
      .orderBy(asc(caseDocumentRequests.position)),
    db
      .select({ documentId: caseDocumentRequestFiles.documentId, requestId: caseDocumentRequestFiles.requestId })
      .from(caseDocumentRequestFiles)
      .innerJoin(caseDocuments, eq(caseDocuments.id, caseDocumentRequestFiles.documentId))
      .where(inArray(caseDocuments.caseId, caseIds)),
    db
      .select({
        id: caseFamilyMembers.id,
        caseId: caseFamilyMembers.caseId,
        name: caseFamilyMembers.name,
        relationship: caseFamilyMembers.relationship,
        passport: caseFamilyMembers.passport,
      })
      .from(caseFamilyMembers)
      .where(inArray(caseFamilyMembers.caseId, caseIds))
      .orderBy(asc(caseFamilyMembers.position)),
    db
      .select({
        caseId: caseDeadlines.caseId,
        kind: caseDeadlines.kind,
        startDate: caseDeadlines.startDate,
        dueDate: caseDeadlines.dueDate,
        opensOn: caseDeadlines.opensOn,
        note: caseDeadlines.note,
        doneAt: caseDeadlines.doneAt,
        createdAt: caseDeadlines.createdAt,
      })
      .from(caseDeadlines)
      .where(inArray(caseDeadlines.caseId, caseIds))
      .orderBy(asc(caseDeadlines.dueDate)),
  ]);
  return { cases: caseRows, stages, messages, documents, requests, requestFiles, familyMembers, deadlines };
}

export async function readConsultations(db: Db, consultationIds: string[]) {
  if (consultationIds.length === 0) return { consultations: [], messages: [], attachments: [] };
  const [consultationRows, messages, attachments] = await Promise.all([
    db
      .select({
        id: consultations.id,
        type: consultations.consultationType,
        status: consultations.status,
        details: consultations.details,
        privacyConsentedAt: consultations.privacyConsentedAt,
        privacyPolicyVersion: consultations.privacyPolicyVersion,
        scheduledAt: consultations.scheduledAt,
        meetingMode: consultations.meetingMode,
        videoUrl: consultations.videoUrl,
        answeredAt: consultations.answeredAt,
        firmNote: consultations.firmNote,
        recommendedServiceId: consultations.recommendedServiceId,
        completedAt: consultations.completedAt,
        cancelledAt: consultations.cancelledAt,
        createdAt: consultations.createdAt,
      })
      .from(consultations)
      .where(inArray(consultations.id, consultationIds))
      .orderBy(asc(consultations.createdAt)),
    db
      .select({ id: consultationMessages.id, consultationId: consultationMessages.consultationId, author: consultationMessages.author, body: consultationMessages.body, createdAt: consultationMessages.createdAt })
      .from(consultationMessages)
      .where(inArray(consultationMessages.consultationId, consultationIds))
      .orderBy(asc(consultationMessages.createdAt)),
    db
      .select({
        id: consultationAttachments.id,
        messageId: consultationAttachments.messageId,
        consultationId: consultationMessages.consultationId,
        name: consultationAttachments.originalName,
        contentType: consultationAttachments.contentType,
        sizeBytes: consultationAttachments.sizeBytes,
        storageKey: consultationAttachments.storagePath,
      })
      .from(consultationAttachments)
      .innerJoin(consultationMessages, eq(consultationMessages.id, consultationAttachments.messageId))
      .where(inArray(consultationMessages.consultationId, consultationIds))
      .orderBy(asc(consultationAttachments.createdAt)),
  ]);
  return { consultations: consultationRows, messages, attachments };
}

export async function readPayments(db: Db, paymentIds: string[]) {
  if (paymentIds.length === 0) return { payments: [], refunds: [], invoices: [] };
  const [paymentRows, refundRows, invoiceRows] = await Promise.all([
    db
      .select({
        id: payments.id,
        serviceId: payments.serviceId,
        service: payments.serviceDetails,
        amountCents: payments.amountCents,
        currency: payments.currency,
        creditedCents: payments.creditedCents,
        status: payments.paymentStatus,
        provider: payments.provider,
        method: payments.method,
        billing: payments.billing,
        familyMembers: payments.familyMembers,
        refundedCents: payments.refundedCents,
        caseId: payments.caseId,
        consultationId: payments.consultationId,
        quoteId: payments.quoteId,
        paidAt: payments.paidAt,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(inArray(payments.id, paymentIds))
      .orderBy(asc(payments.createdAt)),
    db
      .select({ paymentId: refunds.paymentId, amountCents: refunds.amountCents, reason: refunds.reason, outcome: refunds.outcome, createdAt: refunds.createdAt })
      .from(refunds)
      .where(inArray(refunds.paymentId, paymentIds))
      .orderBy(asc(refunds.createdAt)),
    db
      .select({ paymentId: invoices.paymentId, number: invoices.number, issuedAt: invoices.issuedAt, content: invoices.content })
      .from(invoices)
      .where(inArray(invoices.paymentId, paymentIds))
      .orderBy(asc(invoices.position)),
  ]);
  return { payments: paymentRows, refunds: refundRows, invoices: invoiceRows };
}

export async function readQuotes(db: Db, quoteIds: string[]) {
  if (quoteIds.length === 0) return [];
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

export async function readChat(db: Db, messageIds: string[]) {
  if (messageIds.length === 0) return { messages: [], replies: [] };
  const [messages, replies] = await Promise.all([
    db
      .select({ id: generalChatMessages.id, senderName: generalChatMessages.senderName, senderEmail: generalChatMessages.senderEmail, text: generalChatMessages.messageText, createdAt: generalChatMessages.createdAt })
      .from(generalChatMessages)
      .where(inArray(generalChatMessages.id, messageIds))
      .orderBy(asc(generalChatMessages.seq)),
    db
      .select({ messageId: adminChatResponses.originalMessageId, text: adminChatResponses.responseMessage, createdAt: adminChatResponses.createdAt })
      .from(adminChatResponses)
      .where(inArray(adminChatResponses.originalMessageId, messageIds))
      .orderBy(asc(adminChatResponses.seq)),
  ]);
  return { messages, replies };
}

export async function readContactRequests(db: Db, requestIds: string[]) {
  if (requestIds.length === 0) return [];
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

export async function readTranslationRequests(db: Db, requestIds: string[]) {
  if (requestIds.length === 0) return { requests: [], documents: [] };
  const [requests, documents] = await Promise.all([
    db
      .select({
        id: translationRequests.id,
        name: translationRequests.name,
        email: translationRequests.email,
        phone: translationRequests.phone,
        sourceLanguage: translationRequests.sourceLanguage,
        destinationLanguage: translationRequests.destinationLanguage,
        isSworn: translationRequests.isSworn,
        textToTranslate: translationRequests.textToTranslate,
        privacyConsentedAt: translationRequests.privacyConsentedAt,
        privacyPolicyVersion: translationRequests.privacyPolicyVersion,
        answeredAt: translationRequests.answeredAt,
        createdAt: translationRequests.createdAt,
      })
      .from(translationRequests)
      .where(inArray(translationRequests.id, requestIds))
      .orderBy(asc(translationRequests.createdAt)),
    db
      .select({
        id: translationRequestDocuments.id,
        requestId: translationRequestDocuments.translationRequestId,
        name: translationRequestDocuments.originalName,
        contentType: translationRequestDocuments.contentType,
        sizeBytes: translationRequestDocuments.sizeBytes,
        storageKey: translationRequestDocuments.storageKey,
      })
      .from(translationRequestDocuments)
      .where(inArray(translationRequestDocuments.translationRequestId, requestIds))
      .orderBy(asc(translationRequestDocuments.createdAt)),
  ]);
  return { requests, documents };
}

/** The audit entries about the person's records; who in the firm acted, and from where, is the firm's own data. */
export function readAuditEntries(db: Db, person: Person, records: PersonalRecords) {
  return db
    .select({
      action: auditLogs.action,
      targetTable: auditLogs.targetTable,
      targetId: auditLogs.targetId,
      details: auditLogs.details,
      actorId: auditLogs.adminId,
      createdAt: auditLogs.createdAt,
    })
    .from(auditLogs)
    .where(auditEntriesAbout(person, records))
    .orderBy(asc(auditLogs.createdAt));
}

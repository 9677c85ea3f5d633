import { and, asc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { Person, PersonalRecords } from '#server/db/personal-data.ts';
import { auditLogs } from '#server/db/schema/audit.ts';

export const personalTables = [auditLogs];

/**
 * The audit entries about these records: their account, cases (and the requests and deadlines of
 * those cases), consultations, payments, quotes, requests, chat conversations and messages and the
 * mails sent to them.
 */
function entriesAbout(person: Person, records: PersonalRecords): SQL {
  const target = (table: string, targetIds: Array<string | number>) =>
    targetIds.length > 0 ? and(eq(auditLogs.targetTable, table), inArray(auditLogs.targetId, targetIds.map(String))) : undefined;
  return (
    or(
      target('users', [person.id]),
      target('cases', records.caseIds),
      records.caseIds.length > 0 ? inArray(sql`${auditLogs.details}->>'caseId'`, records.caseIds.map(String)) : undefined,
      target('consultations', records.consultationIds),
      target('payments', records.paymentIds),
      target('quotes', records.quoteIds),
      target('contact_form_submissions', records.contactRequestIds),
      target('translation_requests', records.translationRequestIds),
      target('general_chat_messages', records.chatMessageIds),
      target('chat_conversations', records.chatConversationIds),
      and(eq(auditLogs.targetTable, 'mail_outbox'), sql`lower(${auditLogs.details}->>'recipient') = lower(${person.email})`),
    ) ?? sql`false`
  );
}

/** Who in the firm acted, and from where, is the firm's own data: only whether it was them. */
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
    .where(entriesAbout(person, records))
    .orderBy(asc(auditLogs.createdAt));
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
    .where(and(entriesAbout(person, records), isNotNull(auditLogs.details)));
  await db.update(auditLogs).set({ ipAddress: null }).where(eq(auditLogs.adminId, person.id));
}

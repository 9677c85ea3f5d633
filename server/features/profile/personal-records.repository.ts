import { and, eq, inArray, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import {
  auditLogs,
  cases,
  chatConversations,
  consultations,
  contactFormSubmissions,
  generalChatMessages,
  payments,
  quotes,
  translationRequests,
} from '#server/db/schema/index.ts';

/** The account whose records are looked for: its id, and its confirmed e-mail (what the public forms and the chat were sent with). */
export type Person = { id: string; email: string };

/**
 * The records about one person, across every table that holds some (ADR 021): those of their
 * account, and those sent from the public forms or the chat with their e-mail. A signed-in
 * account's e-mail is confirmed (or was given by the firm), so these are theirs.
 */
export type PersonalRecords = {
  caseIds: number[];
  /** Their account's, and the expatriation requests sent signed out with their e-mail. */
  consultationIds: string[];
  paymentIds: string[];
  /** Made out to their account, or to their e-mail without an account (a translation quote). */
  quoteIds: string[];
  contactRequestIds: string[];
  translationRequestIds: string[];
  /** The conversation of their account. */
  chatConversationIds: string[];
  /** Every message of that conversation, and those written with their e-mail elsewhere. */
  chatMessageIds: string[];
};

const sameEmail = (column: SQLWrapper, email: string) => sql`lower(${column}) = lower(${email})`;

export async function findPersonalRecords(db: Db, person: Person): Promise<PersonalRecords> {
  const ids = <T>(rows: Array<{ id: T }>) => rows.map((row) => row.id);
  const [caseRows, consultationRows, paymentRows, quoteRows, contactRows, translationRows, conversationRows] = await Promise.all([
    db.select({ id: cases.id }).from(cases).where(eq(cases.userId, person.id)),
    db
      .select({ id: consultations.id })
      .from(consultations)
      .where(or(eq(consultations.userId, person.id), and(isNull(consultations.userId), sameEmail(sql`${consultations.details}->>'email'`, person.email)))),
    db.select({ id: payments.id }).from(payments).where(eq(payments.userId, person.id)),
    db
      .select({ id: quotes.id })
      .from(quotes)
      .where(or(eq(quotes.userId, person.id), and(isNull(quotes.userId), sameEmail(quotes.email, person.email)))),
    db.select({ id: contactFormSubmissions.id }).from(contactFormSubmissions).where(sameEmail(contactFormSubmissions.email, person.email)),
    db.select({ id: translationRequests.id }).from(translationRequests).where(sameEmail(translationRequests.email, person.email)),
    db.select({ id: chatConversations.id }).from(chatConversations).where(eq(chatConversations.userId, person.id)),
  ]);
  const chatConversationIds = ids(conversationRows);
  const ownConversation = chatConversationIds.length > 0 ? inArray(generalChatMessages.conversationId, chatConversationIds) : undefined;
  const messageRows = await db
    .select({ id: generalChatMessages.id })
    .from(generalChatMessages)
    .where(or(ownConversation, sameEmail(generalChatMessages.senderEmail, person.email)));
  return {
    caseIds: ids(caseRows),
    consultationIds: ids(consultationRows),
    paymentIds: ids(paymentRows),
    quoteIds: ids(quoteRows),
    contactRequestIds: ids(contactRows),
    translationRequestIds: ids(translationRows),
    chatConversationIds,
    chatMessageIds: ids(messageRows),
  };
}

/**
 * The audit entries about these records: their account, cases (and the requests and deadlines of
 * those cases), consultations, payments, quotes, requests, chat messages and the mails sent to them.
 */
export function auditEntriesAbout(person: Person, records: PersonalRecords): SQL {
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
      and(eq(auditLogs.targetTable, 'mail_outbox'), sameEmail(sql`${auditLogs.details}->>'recipient'`, person.email)),
    ) ?? sql`false`
  );
}

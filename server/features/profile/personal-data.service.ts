import type { Db } from '#server/db/client.ts';
import type { Erasure, KeptRecords, Person, PersonalDataOwner, PersonalRecords } from '#server/db/personal-data.ts';
import { agendaPersonalData } from '#server/features/agenda/agenda.personal-data.service.ts';
import { amlPersonalData } from '#server/features/aml/aml.personal-data.service.ts';
import { authPersonalData } from '#server/features/auth/auth.personal-data.service.ts';
import { casesPersonalData } from '#server/features/cases/cases.personal-data.service.ts';
import { chatPersonalData } from '#server/features/chat/chat.personal-data.service.ts';
import { consultationsPersonalData } from '#server/features/consultations/consultations.personal-data.service.ts';
import { contactPersonalData } from '#server/features/contact/contact.personal-data.service.ts';
import { deadlinesPersonalData } from '#server/features/deadlines/deadlines.personal-data.service.ts';
import { engagementsPersonalData } from '#server/features/engagements/engagements.personal-data.service.ts';
import { filingPacksPersonalData } from '#server/features/filing-packs/filing-packs.personal-data.service.ts';
import { invoicesPersonalData } from '#server/features/invoices/invoices.personal-data.service.ts';
import { notesPersonalData } from '#server/features/notes/notes.personal-data.service.ts';
import { notificationsPersonalData } from '#server/features/notifications/notifications.personal-data.service.ts';
import { officialAppointmentsPersonalData } from '#server/features/official-appointments/official-appointments.personal-data.service.ts';
import { paymentsPersonalData } from '#server/features/payments/payments.personal-data.service.ts';
import { questionnairesPersonalData } from '#server/features/questionnaires/questionnaires.personal-data.service.ts';
import { quotesPersonalData } from '#server/features/quotes/quotes.personal-data.service.ts';
import { staffPersonalData } from '#server/features/staff/staff.personal-data.service.ts';
import { translationsPersonalData } from '#server/features/translations/translations.personal-data.service.ts';
import { auditPersonalData } from '#server/platform/audit/audit.personal-data.service.ts';
import { mailPersonalData } from '#server/platform/mail/mail.personal-data.service.ts';

/**
 * Every feature (and platform part) that keeps personal data, each answering for its own tables
 * (ADR 021). An erasure runs them in this order: the audit's details first, while every record's
 * id is known; a case's deadlines, appointments, filing packs and questionnaire answers before the case; the account last, since the rest points to it.
 * A new table with a personal column needs its owner here (personal-data.test.ts).
 */
export const personalDataOwners = {
  audit: auditPersonalData,
  notes: notesPersonalData,
  deadlines: deadlinesPersonalData,
  officialAppointments: officialAppointmentsPersonalData,
  filingPacks: filingPacksPersonalData,
  questionnaires: questionnairesPersonalData,
  cases: casesPersonalData,
  consultations: consultationsPersonalData,
  contact: contactPersonalData,
  translations: translationsPersonalData,
  chat: chatPersonalData,
  mail: mailPersonalData,
  notifications: notificationsPersonalData,
  quotes: quotesPersonalData,
  payments: paymentsPersonalData,
  invoices: invoicesPersonalData,
  engagements: engagementsPersonalData,
  agenda: agendaPersonalData,
  auth: authPersonalData,
  staff: staffPersonalData,
  // Kept, not erased: the erasure only starts their ten years (Ley 10/2010, art. 25).
  aml: amlPersonalData,
};

type Owners = typeof personalDataOwners;
type Exported<K extends keyof Owners> = Owners[K] extends PersonalDataOwner<infer E> ? E : never;
const owners: Array<PersonalDataOwner<unknown>> = Object.values(personalDataOwners);

/** The records about one person, each owner finding those in its own tables. */
export async function findPersonalRecords(db: Db, person: Person): Promise<PersonalRecords> {
  const found = await Promise.all(owners.map((owner) => owner.find?.(db, person)));
  return Object.assign(
    { caseIds: [], consultationIds: [], paymentIds: [], quoteIds: [], contactRequestIds: [], translationRequestIds: [], chatConversationIds: [], chatMessageIds: [] },
    ...found,
  ) as PersonalRecords;
}

/** Each owner's part of the archive, by owner. */
export async function exportPersonalRecords(db: Db, person: Person, records: PersonalRecords): Promise<{ [K in keyof Owners]: Exported<K> }> {
  const entries = await Promise.all(Object.entries(personalDataOwners).map(async ([name, owner]) => [name, await owner.export(db, person, records)] as const));
  return Object.fromEntries(entries) as { [K in keyof Owners]: Exported<K> };
}

/**
 * Erases what every owner keeps about the person, in the caller's transaction, keeping (emptied)
 * the records an owner must keep. Answers where the erased records' files are stored, to remove
 * once the transaction commits.
 */
export async function erasePersonalData(db: Db, person: Person, { erasedEmail, now }: Pick<Erasure, 'erasedEmail' | 'now'>): Promise<string[]> {
  const records = await findPersonalRecords(db, person);
  const keeps = await Promise.all(owners.map((owner) => owner.keeps?.(db, records)));
  const kept: KeptRecords = Object.assign({ caseIds: [], consultationIds: [], quoteIds: [] }, ...keeps);
  const files = await Promise.all(owners.map((owner) => owner.storedFiles?.(db, records) ?? []));
  for (const owner of owners) await owner.erase(db, { person, records, kept, erasedEmail, now });
  return files.flat();
}

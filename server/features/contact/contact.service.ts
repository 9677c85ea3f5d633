import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ContactRequest } from '#common/contact/contact.contract.ts';
import type { Language } from '#common/i18n/languages.ts';
import { isSpam, privacyPolicyVersion, type IntakeReceipt } from '#common/intake/fields.ts';
import type { Db } from '#server/db/client.ts';
import type { AssigneesDeps } from '#server/features/assignees/assignees.service.ts';
import type { IntakeMails } from '#server/features/intake/intake.service.ts';
import { insertContactSubmission } from './contact.repository.ts';

export type ContactDeps = { db: Db; mails: IntakeMails; log: FastifyBaseLogger; assignees: AssigneesDeps };

/** Keeps a visitor's message with their consent, then tells the firm and acknowledges it. */
export async function submitContactRequest({ db, mails, log }: ContactDeps, request: ContactRequest, language: Language): Promise<IntakeReceipt> {
  if (isSpam(request)) {
    log.warn({ form: 'contact' }, 'honeypot filled: request dropped');
    return { id: randomUUID() };
  }
  return db.transaction(async (tx) => {
    const row = await insertContactSubmission(tx, {
      name: request.name,
      email: request.email,
      phone: request.phone || null,
      subject: request.subject ?? null,
      message: request.message,
      privacyConsentedAt: new Date(),
      privacyPolicyVersion,
    });
    const subject = (t: (key: string) => string) => (row.subject ? t(`contact:subjects.${row.subject}`) : undefined);
    await mails.notify(tx, {
      kind: 'contact',
      language,
      name: row.name,
      email: row.email,
      summary: (t) => [
        ['name', row.name],
        ['email', row.email],
        ['phone', row.phone ?? undefined],
        ['subject', subject(t)],
        ['message', row.message],
      ],
      receipt: (t) => [['subject', subject(t)]],
    });
    return { id: row.id };
  });
}

/** For the staff feature, when a person leaves: their contact requests go back to the unassigned queue. */
export { releaseContactRequestsOf } from './contact.repository.ts';

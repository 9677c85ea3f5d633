import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import tar from 'tar-stream';
import { caseDisplayId } from '#common/cases/cases.contract.ts';
import { firmDay } from '#common/dates.ts';
import type { Language } from '#common/i18n/languages.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/platform/app-error.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import { translator } from '#server/platform/translator.ts';
import { StorageNotFoundError, type Storage } from '#server/integrations/storage/storage.ts';
import { findAccount } from '#server/features/auth/auth.personal-data.service.ts';
import type { Actor } from '#server/platform/actor.ts';
import type { Clock } from '#server/platform/worker/worker.ts';
import { exportPersonalRecords, findPersonalRecords } from './personal-data.service.ts';

export type DataExportDeps = { db: Db; storage: Storage; log: FastifyBaseLogger; now: Clock };

/** A stored file in the archive: where it goes, and the stored bytes it copies. */
type ArchiveFile = { path: string; storageKey: string; size: number; entry: { file: string | null } };

/** Rows grouped by one of their columns, which each row then leaves out. */
function groupBy<T extends object, K extends keyof T>(rows: T[], key: K): Map<T[K], Array<Omit<T, K>>> {
  const groups = new Map<T[K], Array<Omit<T, K>>>();
  for (const row of rows) {
    const { [key]: value, ...rest } = row;
    groups.set(value, [...(groups.get(value) ?? []), rest]);
  }
  return groups;
}

/** A file's name inside the archive: its id (names repeat) and the name it was uploaded with, kept readable and safe. */
function fileName(id: string, name: string): string {
  const safe = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '_')
    .replace(/^[.\s]+/, '')
    .slice(-120);
  return `${id}-${safe || 'file'}`;
}

/**
 * Everything the site keeps about the signed-in person, as one tar.gz: `data.json` with every row
 * about them (their account, cases, consultations, payments and invoices, quotes, chat, the public
 * requests sent with their e-mail, the audit entries about them), their uploaded files under
 * `documents/`, and a note in their language saying what is where. Audited; the archive streams.
 */
export async function exportPersonalData(deps: DataExportDeps, user: Actor, language: Language): Promise<{ fileName: string; archive: Readable }> {
  const { db, now } = deps;
  const found = await findAccount(db, user.id);
  if (!found) throw new AppError('notFound');
  const person = { id: found.id, email: found.email };
  const records = await findPersonalRecords(db, person);
  const exported = await exportPersonalRecords(db, person, records);
  const { account, sessions } = exported.auth;
  const caseData = { ...exported.cases, deadlines: exported.deadlines };
  const consultationData = exported.consultations;
  const paymentData = { ...exported.payments, invoices: exported.invoices };
  const { quotes, chat, contact: contactRequests, translations: translationData, audit: auditEntries } = exported;

  const files: ArchiveFile[] = [];
  /** A file's row as the archive shows it, with where its bytes are in the archive. */
  const withFile = <T extends object>(folder: string, stored: { id: string; name: string; storageKey: string; sizeBytes: number }, shown: T) => {
    const entry = { ...shown, file: `documents/${folder}/${fileName(stored.id, stored.name)}` as string | null };
    files.push({ path: entry.file ?? '', storageKey: stored.storageKey, size: stored.sizeBytes, entry });
    return entry;
  };

  const stages = groupBy(caseData.stages, 'caseId');
  const caseMessages = groupBy(caseData.messages, 'caseId');
  const caseDocuments = groupBy(caseData.documents, 'caseId');
  const requests = groupBy(caseData.requests, 'caseId');
  const familyMembers = groupBy(caseData.familyMembers, 'caseId');
  const deadlines = groupBy(caseData.deadlines, 'caseId');
  const memberNames = new Map(caseData.familyMembers.map((member) => [member.id, member.name]));
  const requestOf = new Map(caseData.requestFiles.map((link) => [link.documentId, link.requestId]));
  const consultationMessages = groupBy(consultationData.messages, 'consultationId');
  const attachments = groupBy(consultationData.attachments, 'messageId');
  const refunds = groupBy(paymentData.refunds, 'paymentId');
  const invoices = groupBy(paymentData.invoices, 'paymentId');
  const replies = groupBy(chat.replies, 'messageId');
  const translationDocuments = groupBy(translationData.documents, 'requestId');

  const data = {
    exportedAt: now().toISOString(),
    account,
    sessions,
    cases: caseData.cases.map(({ id, fileNumber, filedOn, filingOffice, ...row }) => ({
      id,
      number: caseDisplayId(id),
      ...row,
      filing: { fileNumber, filedOn, office: filingOffice },
      timeline: stages.get(id) ?? [],
      messages: caseMessages.get(id) ?? [],
      familyMembers: familyMembers.get(id) ?? [],
      documentRequests: (requests.get(id) ?? []).map(({ familyMemberId, ...request }) => ({
        ...request,
        familyMember: familyMemberId ? (memberNames.get(familyMemberId) ?? null) : null,
      })),
      documents: (caseDocuments.get(id) ?? []).map(({ storageKey, uploadedBy, ...document }) =>
        withFile(`cases/${caseDisplayId(id)}`, { ...document, storageKey }, {
          ...document,
          isUploadedByYou: uploadedBy === person.id,
          requestId: requestOf.get(document.id) ?? null,
        }),
      ),
      deadlines: deadlines.get(id) ?? [],
    })),
    consultations: consultationData.consultations.map((consultation) => ({
      ...consultation,
      messages: (consultationMessages.get(consultation.id) ?? []).map(({ id, ...message }) => ({
        ...message,
        attachments: (attachments.get(id) ?? []).map(({ storageKey, consultationId, ...attachment }) =>
          withFile(`consultations/${consultationId}`, { ...attachment, storageKey }, { name: attachment.name, contentType: attachment.contentType, sizeBytes: attachment.sizeBytes }),
        ),
      })),
    })),
    payments: paymentData.payments.map((payment) => ({
      ...payment,
      refunds: refunds.get(payment.id) ?? [],
      invoices: invoices.get(payment.id) ?? [],
    })),
    quotes,
    chatMessages: chat.messages.map(({ id, ...message }) => ({ ...message, replies: replies.get(id) ?? [] })),
    contactRequests,
    translationRequests: translationData.requests.map((request) => ({
      ...request,
      documents: (translationDocuments.get(request.id) ?? []).map(({ storageKey, ...document }) =>
        withFile(`translation-requests/${request.id}`, { ...document, storageKey }, { name: document.name, contentType: document.contentType, sizeBytes: document.sizeBytes }),
      ),
    })),
    auditEntries: auditEntries.map(({ actorId, ...entry }) => ({ ...entry, isYourAction: actorId === person.id })),
  };

  await recordAudit({ db }, { actor: user, action: 'DATA_EXPORT', targetTable: 'users', targetId: person.id, details: { documents: files.length } });
  const t = translator(language);
  const day = firmDay(now());
  return {
    fileName: t('account-data:export.fileName', { date: day }),
    archive: writeArchive(deps, { data, files, readme: { name: t('account-data:export.readmeName'), text: t('account-data:export.readme', { date: day }) } }),
  };
}

function addBuffer(pack: tar.Pack, name: string, body: Buffer): Promise<void> {
  return new Promise((resolve, reject) => pack.entry({ name, size: body.length, mode: 0o600 }, body, (error) => (error ? reject(error) : resolve())));
}

/**
 * The tar.gz, written as it is read: the files first, so that `data.json`, written last, names
 * only those that were there (a file missing from storage is logged and left out).
 */
function writeArchive(
  { storage, log }: Pick<DataExportDeps, 'storage' | 'log'>,
  { data, files, readme }: { data: object; files: ArchiveFile[]; readme: { name: string; text: string } },
): Readable {
  const pack = tar.pack();
  const output = new PassThrough();
  pipeline(pack, createGzip(), output).catch((error: unknown) => output.destroy(error as Error));

  const write = async () => {
    await addBuffer(pack, readme.name, Buffer.from(readme.text));
    for (const file of files) {
      const body = await storage.read(file.storageKey).catch((error: unknown) => {
        if (error instanceof StorageNotFoundError) return undefined;
        throw error;
      });
      if (!body) {
        log.warn({ storageKey: file.storageKey }, 'a file named by the database is missing from storage; left out of the export');
        file.entry.file = null;
        continue;
      }
      await pipeline(body, pack.entry({ name: file.path, size: file.size, mode: 0o600 }));
    }
    await addBuffer(pack, 'data.json', Buffer.from(JSON.stringify(data, null, 2)));
    pack.finalize();
  };
  write().catch((error: unknown) => {
    log.error({ err: error }, 'personal data export failed while streaming');
    pack.destroy(error as Error);
  });
  return output;
}

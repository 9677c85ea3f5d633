import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '#common/i18n/languages.ts';
import { isSpam, privacyPolicyVersion, type IntakeReceipt } from '#common/intake/fields.ts';
import {
  isTranslationRequestComplete,
  type TranslationDocument,
  type TranslationQuote,
  type TranslationRequest,
} from '#common/translations/translations.contract.ts';
import type { Db } from '#server/db/client.ts';
import type { AssigneesDeps } from '#server/features/assignees/assignees.service.ts';
import { AppError } from '#server/platform/app-error.ts';
import type { IntakeMails, IntakeSummary } from '#server/features/intake/intake.service.ts';
import { StorageNotFoundError, type Storage } from '#server/integrations/storage/storage.ts';
import type { StoredUpload, UploadForm } from '#server/platform/upload.ts';
import {
  findTranslationDocument,
  findTranslationRequest,
  insertTranslationRequest,
  listTranslationDocuments,
  translationDocumentFiles,
  type TranslationDocumentRow,
} from './translations.repository.ts';

/** The files sent with a translation request, oldest first, for the case its paid quote opens. */
export async function translationRequestFiles({ db }: Pick<TranslationsDeps, 'db'>, requestId: string) {
  return (await listTranslationDocuments(db, requestId)).map(({ storageKey, originalName, contentType, sizeBytes }) => ({ storageKey, originalName, contentType, sizeBytes }));
}

/** For the orphan sweep: the stored files the translation requests' documents name. */
export { translationDocumentFiles };

export type TranslationsDeps = { db: Db; storage: Storage; mails: IntakeMails; log: FastifyBaseLogger; assignees: AssigneesDeps };

type NewTranslationRequest = {
  kind: 'translationQuote' | 'translationRequest';
  name: string;
  email: string;
  phone: string;
  sourceLanguage: string | undefined;
  targetLanguage: string | undefined;
  isSworn: boolean;
  textToTranslate: string | undefined;
};

async function discard(storage: Storage, uploads: StoredUpload[]) {
  await Promise.all(uploads.map((upload) => storage.remove(upload.storageKey).catch(() => {})));
}

function sizeLabel(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Keeps the request, its documents and its mails together, or none of them (and no stored file). */
async function save({ db, storage, mails }: TranslationsDeps, request: NewTranslationRequest, uploads: StoredUpload[], language: Language) {
  const languageName = (t: (key: string) => string, code: string | undefined) => (code ? t(`translations:languages.${code}`) : undefined);
  try {
    return await db.transaction(async (tx) => {
      const saved = await insertTranslationRequest(
        tx,
        {
          name: request.name,
          email: request.email,
          phone: request.phone,
          sourceLanguage: request.sourceLanguage ?? null,
          destinationLanguage: request.targetLanguage ?? null,
          isSworn: request.isSworn,
          textToTranslate: request.textToTranslate || null,
          privacyConsentedAt: new Date(),
          privacyPolicyVersion,
        },
        uploads,
      );
      const receipt: IntakeSummary = (t) => [
        ['sourceLanguage', languageName(t, request.sourceLanguage)],
        ['targetLanguage', languageName(t, request.targetLanguage)],
        ['translationType', t(`translations:types.${request.isSworn ? 'sworn' : 'standard'}`)],
        ['documents', saved.documents.map((document) => document.originalName).join(', ')],
      ];
      await mails.notify(tx, {
        kind: request.kind,
        language,
        name: request.name,
        email: request.email,
        summary: (t) => [
          ['name', request.name],
          ['email', request.email],
          ['phone', request.phone],
          ...receipt(t).slice(0, 3),
          ['documents', saved.documents.map((document) => `${document.originalName} (${sizeLabel(document.sizeBytes)})`).join(', ')],
          [request.kind === 'translationQuote' ? 'comments' : 'text', request.textToTranslate],
        ],
        receipt,
      });
      return { id: saved.request.id };
    });
  } catch (error) {
    await discard(storage, uploads);
    throw error;
  }
}

async function droppedAsSpam({ storage, log }: TranslationsDeps, uploads: StoredUpload[], form: string): Promise<IntakeReceipt> {
  await discard(storage, uploads);
  log.warn({ form }, 'honeypot filled: request dropped');
  return { id: randomUUID() };
}

/** The quote page: contact data, languages, type, comments and any number of documents within the rule. */
export async function submitTranslationQuote(
  deps: TranslationsDeps,
  { values, uploads }: UploadForm<TranslationQuote>,
  language: Language,
): Promise<IntakeReceipt> {
  if (isSpam(values)) return droppedAsSpam(deps, uploads, 'translation-quote');
  return save(
    deps,
    {
      kind: 'translationQuote',
      name: values.name,
      email: values.email,
      phone: values.phone,
      sourceLanguage: values.sourceLanguage,
      targetLanguage: values.targetLanguage,
      isSworn: values.translationType === 'sworn',
      textToTranslate: values.comments,
    },
    uploads,
    language,
  );
}

/** The services page form: the text to translate or a document is needed. */
export async function submitTranslationRequest(
  deps: TranslationsDeps,
  { values, uploads }: UploadForm<TranslationRequest>,
  language: Language,
): Promise<IntakeReceipt> {
  if (isSpam(values)) return droppedAsSpam(deps, uploads, 'translation-request');
  if (!isTranslationRequestComplete(values.text, uploads.length)) {
    await discard(deps.storage, uploads);
    throw new AppError('validation', 'translations:request.incomplete.description');
  }
  return save(
    deps,
    {
      kind: 'translationRequest',
      name: values.name,
      email: values.email,
      phone: values.phone,
      sourceLanguage: values.sourceLanguage,
      targetLanguage: values.targetLanguage,
      isSworn: (values.translationType ?? 'sworn') === 'sworn',
      textToTranslate: values.text,
    },
    uploads,
    language,
  );
}

export function toDocument(row: TranslationDocumentRow): TranslationDocument {
  return {
    id: row.id,
    originalName: row.originalName,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function translationDocuments({ db }: Pick<TranslationsDeps, 'db'>, requestId: string): Promise<TranslationDocument[]> {
  if (!(await findTranslationRequest(db, requestId))) throw new AppError('notFound');
  return (await listTranslationDocuments(db, requestId)).map(toDocument);
}

/** One document's bytes for an admin; the caller has checked the role. */
export async function openTranslationDocument(
  { db, storage }: Pick<TranslationsDeps, 'db' | 'storage'>,
  requestId: string,
  documentId: string,
): Promise<{ document: TranslationDocument; content: Readable }> {
  const row = await findTranslationDocument(db, requestId, documentId);
  if (!row) throw new AppError('notFound');
  try {
    return { document: toDocument(row), content: await storage.read(row.storageKey) };
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw new AppError('notFound');
    throw error;
  }
}

/** For the staff feature, when a person leaves: their translation requests go back to the unassigned queue. */
export { releaseTranslationRequestsOf } from './translations.repository.ts';

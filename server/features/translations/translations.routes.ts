import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { intakeReceiptSchema } from '#common/intake/fields.ts';
import { quoteDocumentsRule, requestDocumentRule } from '#common/intake/uploads.ts';
import {
  translationDocumentParamsSchema,
  translationDocumentSchema,
  translationQuoteSchema,
  translationRequestParamsSchema,
  translationRequestSchema,
} from '#common/translations/translations.contract.ts';
import { intakeRateLimit } from '#server/features/intake/intake.service.ts';
import { sendDownload } from '#server/platform/download.ts';
import { parseFormFields, readUploadForm } from '#server/platform/upload.ts';
import {
  openTranslationDocument,
  submitTranslationQuote,
  submitTranslationRequest,
  translationDocuments,
  type TranslationsDeps,
} from './translations.service.ts';

/** Multipart text fields arrive as strings: the consent checkbox is sent as 'true'. */
function parseWith<S extends z.ZodType>(schema: S) {
  return (fields: Record<string, string>): z.infer<S> => parseFormFields(schema, { ...fields, privacy: fields.privacy === 'true' });
}

export const translationsRoutes: FastifyPluginAsyncZod<TranslationsDeps> = async (app, deps) => {
  const keyPrefix = 'translation-requests';

  app.post(
    '/api/translation-quotes',
    {
      preValidation: app.rateLimitPerIp(intakeRateLimit('translation-quote')),
      schema: { response: { 201: intakeReceiptSchema } },
    },
    async (request, reply) => {
      const form = await readUploadForm(request, reply, {
        rule: quoteDocumentsRule,
        keyPrefix,
        storage: app.storage,
        parseFields: parseWith(translationQuoteSchema),
      });
      return reply.status(201).send(await submitTranslationQuote(deps, form, request.language));
    },
  );

  app.post(
    '/api/translation-requests',
    {
      preValidation: app.rateLimitPerIp(intakeRateLimit('translation-request')),
      schema: { response: { 201: intakeReceiptSchema } },
    },
    async (request, reply) => {
      const form = await readUploadForm(request, reply, {
        rule: requestDocumentRule,
        keyPrefix,
        storage: app.storage,
        parseFields: parseWith(translationRequestSchema),
      });
      return reply.status(201).send(await submitTranslationRequest(deps, form, request.language));
    },
  );

  app.get(
    '/api/admin/translation-requests/:id/documents',
    {
      preHandler: app.requireStaff,
      schema: { params: translationRequestParamsSchema, response: { 200: z.array(translationDocumentSchema) } },
    },
    (request) => translationDocuments(deps, request.params.id),
  );

  // The bytes of one document, only for admins; never cached, always downloaded rather than shown.
  app.get(
    '/api/admin/translation-requests/:id/documents/:documentId',
    { preHandler: app.requireStaff, schema: { params: translationDocumentParamsSchema } },
    async (request, reply) => {
      const { document, content } = await openTranslationDocument(deps, request.params.id, request.params.documentId);
      return sendDownload(reply, { name: document.originalName, contentType: document.contentType, sizeBytes: document.sizeBytes, body: content });
    },
  );
};

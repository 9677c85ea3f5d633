import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  caseIdentificationListSchema,
  caseIdentificationParamsSchema,
  caseIdentificationSchema,
  identificationFileParamsSchema,
  identificationInputSchema,
  identityDocumentRule,
} from '#common/aml/aml.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { sendDownload } from '#server/platform/download.ts';
import { parseFormFields, readUploadForm } from '#server/platform/upload.ts';
import { amlLimits } from './aml.limits.ts';
import { clientIdentifications, openIdentificationFile, ownCaseAwaitingIdentification, submitIdentification, type AmlDeps } from './aml.service.ts';

/** The client's side: which of their cases ask for identification, sending it (a multipart form with the document), and their own files back. */
export const amlRoutes: FastifyPluginAsyncZod<AmlDeps> = async (app, deps) => {
  app.get('/api/identifications', { preHandler: app.requireUser, schema: { response: { 200: caseIdentificationListSchema } } }, (request) =>
    clientIdentifications(deps, actor(request).id),
  );

  app.post(
    '/api/cases/:id/identification',
    { preHandler: [app.requireUser, app.rateLimitPerUser(amlLimits.submissions)], schema: { params: caseIdentificationParamsSchema, response: { 201: caseIdentificationSchema } } },
    async (request, reply) => {
      const user = actor(request);
      // Checked before a byte of the file is read: nothing is stored for someone else's case.
      await ownCaseAwaitingIdentification(deps, user.id, request.params.id).catch((error: unknown) => {
        reply.header('connection', 'close');
        throw error;
      });
      const form = await readUploadForm(request, reply, {
        rule: identityDocumentRule,
        keyPrefix: 'identifications',
        storage: app.storage,
        parseFields: (fields) => parseFormFields(identificationInputSchema, fields),
      });
      return reply.status(201).send(await submitIdentification({ ...deps, log: request.log }, user.id, request.params.id, form.values, form.uploads));
    },
  );

  app.get('/api/cases/:id/identification/:identificationId/files/:fileId', { preHandler: app.requireUser, schema: { params: identificationFileParamsSchema } }, async (request, reply) =>
    sendDownload(reply, await openIdentificationFile(deps, actor(request), request.params)),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParamsSchema } from '#common/admin/paging.contract.ts';
import { caseParamsSchema } from '#common/cases/cases.contract.ts';
import {
  caseFilingPacksSchema,
  filingLimitsSchema,
  filingPackFiledSchema,
  filingPackFileParamsSchema,
  filingPackSchema,
  newFilingPackSchema,
} from '#common/filing-packs/filing-packs.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { sendDownload } from '#server/platform/download.ts';
import { buildFilingPack, caseFilingPacks, filingLimits, openPackFile, recordPackFiled, saveFilingLimits, type FilingPacksDeps } from './filing-packs.service.ts';

/** The case page's filing packs (Expediente para presentar) and the registry's limits the firm sets. */
export const filingPacksAdminRoutes: FastifyPluginAsyncZod<FilingPacksDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  app.get(
    '/api/admin/cases/:id/filing-packs',
    { schema: { params: caseParamsSchema, response: { 200: caseFilingPacksSchema } } },
    (request) => caseFilingPacks(deps, actor(request), request.params.id, request.language),
  );

  app.post(
    '/api/admin/cases/:id/filing-packs',
    { schema: { params: caseParamsSchema, body: newFilingPackSchema, response: { 201: filingPackSchema } } },
    async (request, reply) => reply.status(201).send(await buildFilingPack(deps, actor(request), request.params.id, request.body, request.language)),
  );

  app.get('/api/admin/filing-packs/:id/files/:number', { schema: { params: filingPackFileParamsSchema } }, async (request, reply) => {
    const file = await openPackFile(deps, actor(request), request.params.id, request.params.number);
    return sendDownload(reply, { name: file.name, contentType: 'application/pdf', sizeBytes: file.sizeBytes, body: file.content });
  });

  app.post(
    '/api/admin/filing-packs/:id/filed',
    { schema: { params: uuidParamsSchema, body: filingPackFiledSchema, response: { 200: filingPackSchema } } },
    (request) => recordPackFiled(deps, actor(request), request.params.id, request.body),
  );

  app.get('/api/admin/filing-limits', { schema: { response: { 200: filingLimitsSchema } } }, () => filingLimits(deps));

  app.put(
    '/api/admin/filing-limits',
    { schema: { body: filingLimitsSchema, response: { 200: filingLimitsSchema } } },
    (request) => saveFilingLimits(deps, actor(request), request.body),
  );
};

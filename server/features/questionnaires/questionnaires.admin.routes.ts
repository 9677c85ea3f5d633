import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caseDisplayId, caseParamsSchema } from '#common/cases/cases.contract.ts';
import { procedureParamsSchema } from '#common/procedures/procedures.contract.ts';
import {
  adminCaseQuestionnaireSchema,
  questionnaireDefinitionSchema,
  questionnaireSaveSchema,
  questionnaireVersionSchema,
} from '#common/questionnaires/questionnaires.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { sendDownload } from '#server/platform/download.ts';
import { translator } from '#server/platform/translator.ts';
import {
  adminQuestionnaire,
  correctAnswers,
  dataSheet,
  procedureQuestionnaire,
  reviewAnswers,
  saveDefinition,
  type QuestionnairesDeps,
} from './questionnaires.service.ts';

/** The case page's questionnaire (answers, corrections, review, the data sheet) and the procedures' questionnaires the firm edits. */
export const questionnairesAdminRoutes: FastifyPluginAsyncZod<QuestionnairesDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  app.get(
    '/api/admin/cases/:id/questionnaire',
    { schema: { params: caseParamsSchema, response: { 200: adminCaseQuestionnaireSchema } } },
    (request) => adminQuestionnaire(deps, actor(request), request.params.id),
  );

  app.put(
    '/api/admin/cases/:id/questionnaire',
    { schema: { params: caseParamsSchema, body: questionnaireSaveSchema, response: { 200: questionnaireVersionSchema } } },
    (request) => correctAnswers(deps, actor(request), request.params.id, request.body.answers),
  );

  app.post(
    '/api/admin/cases/:id/questionnaire/review',
    { schema: { params: caseParamsSchema, response: { 200: questionnaireVersionSchema } } },
    (request) => reviewAnswers(deps, actor(request), request.params.id),
  );

  app.get('/api/admin/cases/:id/questionnaire/data-sheet', { schema: { params: caseParamsSchema } }, async (request, reply) => {
    const pdf = await dataSheet(deps, actor(request), request.params.id);
    const name = `${translator('es')('questionnaires:sheet.fileName')}-${caseDisplayId(request.params.id)}.pdf`;
    return sendDownload(reply, { name, contentType: 'application/pdf', body: pdf });
  });

  app.get(
    '/api/admin/procedures/:id/questionnaire',
    { schema: { params: procedureParamsSchema, response: { 200: questionnaireDefinitionSchema.nullable() } } },
    (request) => procedureQuestionnaire(deps, request.params.id),
  );

  app.put(
    '/api/admin/procedures/:id/questionnaire',
    { schema: { params: procedureParamsSchema, body: questionnaireDefinitionSchema, response: { 200: questionnaireDefinitionSchema } } },
    (request) => saveDefinition(deps, request.params.id, request.body),
  );
};

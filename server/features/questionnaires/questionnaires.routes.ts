import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caseParamsSchema } from '#common/cases/cases.contract.ts';
import { caseQuestionnaireSchema, questionnaireSaveSchema, questionnaireVersionSchema } from '#common/questionnaires/questionnaires.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { clientQuestionnaire, saveClientAnswers, type QuestionnairesDeps } from './questionnaires.service.ts';

/** The client's questionnaire of their own case: read, saved as a draft, submitted; each save a new version. */
export const questionnairesRoutes: FastifyPluginAsyncZod<QuestionnairesDeps> = async (app, deps) => {
  app.get(
    '/api/cases/:id/questionnaire',
    { preHandler: app.requireUser, schema: { params: caseParamsSchema, response: { 200: caseQuestionnaireSchema } } },
    (request) => clientQuestionnaire(deps, actor(request).id, request.params.id),
  );

  app.put(
    '/api/cases/:id/questionnaire',
    { preHandler: app.requireUser, schema: { params: caseParamsSchema, body: questionnaireSaveSchema, response: { 200: questionnaireVersionSchema } } },
    (request) => saveClientAnswers(deps, actor(request), request.params.id, request.body.answers, 'draft'),
  );

  app.post(
    '/api/cases/:id/questionnaire/submit',
    { preHandler: app.requireUser, schema: { params: caseParamsSchema, body: questionnaireSaveSchema, response: { 200: questionnaireVersionSchema } } },
    (request) => saveClientAnswers(deps, actor(request), request.params.id, request.body.answers, 'submit'),
  );
};

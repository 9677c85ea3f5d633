import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientConsultationListSchema, expatriationConsultationSchema } from '#common/consultations/consultations.contract.ts';
import { intakeReceiptSchema } from '#common/intake/fields.ts';
import { AppError } from '#server/platform/app-error.ts';
import { intakeRateLimit } from '#server/features/intake/intake.service.ts';
import { clientConsultations, submitExpatriationConsultation, type ConsultationsDeps } from './consultations.service.ts';

export const consultationsRoutes: FastifyPluginAsyncZod<ConsultationsDeps> = async (app, deps) => {

  app.post(
    '/api/consultations/expatriation',
    {
      preValidation: app.rateLimitPerIp(intakeRateLimit('expatriation')),
      schema: { body: expatriationConsultationSchema, response: { 201: intakeReceiptSchema } },
    },
    async (request, reply) => {
      const user = await request.sessionUser();
      return reply.status(201).send(await submitExpatriationConsultation(deps, request.body, request.language, user?.id ?? null));
    },
  );

  app.get(
    '/api/consultations',
    { preHandler: app.requireUser, schema: { response: { 200: clientConsultationListSchema } } },
    async (request) => {
      const user = await request.sessionUser();
      if (!user) throw new AppError('unauthenticated');
      return clientConsultations(deps, user.id, request.language);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactRequestSchema } from '#common/contact/contact.contract.ts';
import { intakeReceiptSchema } from '#common/intake/fields.ts';
import { intakeRateLimit } from '#server/features/intake/intake.service.ts';
import { submitContactRequest, type ContactDeps } from './contact.service.ts';

export const contactRoutes: FastifyPluginAsyncZod<ContactDeps> = async (app, deps) => {
  app.post(
    '/api/contact-requests',
    {
      // Counted before validation, so malformed floods are limited too.
      preValidation: app.rateLimitPerIp(intakeRateLimit('contact')),
      schema: { body: contactRequestSchema, response: { 201: intakeReceiptSchema } },
    },
    async (request, reply) => reply.status(201).send(await submitContactRequest(deps, request.body, request.language)),
  );
};

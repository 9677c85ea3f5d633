import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminListQuerySchema, pageSchema, uuidParamsSchema } from '#common/admin/paging.contract.ts';
import { failedMailSchema } from '#common/mail/mail.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { failedMailsPage, resendFailedMail, type MailDeps } from '#server/platform/mail/mail.service.ts';

/** The mails that failed for good, and sending one again. */
export const mailAdminRoutes: FastifyPluginAsyncZod<Pick<MailDeps, 'db' | 'worker'>> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  app.get('/api/admin/failed-mails', { schema: { querystring: adminListQuerySchema, response: { 200: pageSchema(failedMailSchema) } } }, (request) =>
    failedMailsPage(deps, request.query),
  );

  app.post('/api/admin/failed-mails/:id/resend', { schema: { params: uuidParamsSchema } }, async (request, reply) => {
    await resendFailedMail(deps, actor(request), request.params.id);
    return reply.status(204).send();
  });
};

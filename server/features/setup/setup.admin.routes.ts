import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setupCheckSchema } from '#common/setup/setup.contract.ts';
import { setupIssues, type SetupDeps } from './setup.service.ts';

/**
 * The admin panel's setup check. Not encapsulated, so that its watch sees every request: a proxy
 * sending X-Forwarded-For while TRUST_PROXY is unset only shows in the requests themselves
 * (remembered per instance, which is enough for a warning). The route itself is the owner's alone
 * (common/auth/permissions.ts): the other staff never see the server's variables.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const deps: Pick<SetupDeps, 'config'> = { config: app.config };
  let hasSeenForwardedFor = false;
  app.addHook('onRequest', async (request) => {
    if (!hasSeenForwardedFor && request.headers['x-forwarded-for'] !== undefined) hasSeenForwardedFor = true;
  });

  app.get(
    '/api/admin/setup-check',
    { preHandler: app.requireStaff, schema: { response: { 200: setupCheckSchema } } },
    (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { issues: setupIssues(deps, { hasSeenForwardedFor }) };
    },
  );
};

export const setupAdminRoutes = fp(routes);

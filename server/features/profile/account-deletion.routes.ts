import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountDeletionSchema } from '#common/profile/account-deletion.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { authRequest } from '#server/features/auth/auth.service.ts';
import type { RateLimitRule } from '#server/platform/rate-limit.ts';
import { deleteOwnAccount, type AccountDeletionDeps } from './account-deletion.service.ts';

/** Attempts of one account in 15 minutes: the password is asked again, so it must not be guessed through here. */
const deletionLimit: RateLimitRule = { name: 'account-deletion', limit: 5, windowSeconds: 15 * 60 };

/** The right to erasure: the signed-in person deletes their own account, with their password (ADR 021). */
export const accountDeletionRoutes: FastifyPluginAsyncZod<Omit<AccountDeletionDeps, 'log'>> = async (app, built) => {
  app.delete(
    '/api/profile',
    {
      preHandler: [app.requireUser, app.rateLimitPerUser(deletionLimit)],
      schema: { body: accountDeletionSchema },
    },
    async (request, reply) => {
      const deps: AccountDeletionDeps = { ...built, log: request.log };
      const cookies = await deleteOwnAccount(deps, authRequest(request), actor(request), request.body);
      return reply.header('set-cookie', cookies).status(204).send();
    },
  );
};

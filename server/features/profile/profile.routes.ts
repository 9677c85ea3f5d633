import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileSchema, profileUpdateResultSchema, profileViewSchema } from '#common/auth/auth.contract.ts';
import { actor, authRequest } from '#server/plugins/auth.ts';
import { ownProfile, saveProfile } from './profile.service.ts';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);

  app.get('/api/profile', { schema: { response: { 200: profileViewSchema } } }, (request) => ownProfile({ db: app.db }, actor(request).id));

  app.put('/api/profile', { schema: { body: profileSchema, response: { 200: profileUpdateResultSchema } } }, (request) =>
    saveProfile({ auth: app.auth, db: app.db, log: request.log }, authRequest(request), actor(request).id, request.body),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileSchema, profileUpdateResultSchema, profileViewSchema } from '#common/auth/auth.contract.ts';
import { AppError } from '#server/errors.ts';
import { ownProfile, saveProfile } from './profile.service.ts';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);

  const userId = (user: { id: string } | null) => {
    if (!user) throw new AppError('unauthenticated');
    return user.id;
  };

  app.get('/api/profile', { schema: { response: { 200: profileViewSchema } } }, (request) => ownProfile(app, userId(request.user)));

  app.put('/api/profile', { schema: { body: profileSchema, response: { 200: profileUpdateResultSchema } } }, (request) =>
    saveProfile(app, request, userId(request.user), request.body),
  );
};

import { APIError } from 'better-auth/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Profile, ProfileUpdateResult, ProfileView } from '#common/auth/auth.contract.ts';
import { AppError } from '#server/errors.ts';
import { betterAuthHeaders } from '#server/features/auth/better-auth.ts';
import { withRequestLanguage } from '#server/features/auth/request-language.ts';
import { findProfile, updateProfile } from './profile.repository.ts';

export async function ownProfile(app: FastifyInstance, userId: string): Promise<ProfileView> {
  const profile = await findProfile(app.db, userId);
  if (!profile) throw new AppError('notFound');
  return profile;
}

/**
 * Saves the profile; a new e-mail only gets a confirmation link and changes once it is followed.
 * An address that belongs to another account gets the same answer and no mail, so the form
 * cannot be used to learn who is a client.
 */
export async function saveProfile(app: FastifyInstance, request: FastifyRequest, userId: string, input: Profile): Promise<ProfileUpdateResult> {
  const { email, ...fields } = input;
  const current = await ownProfile(app, userId);
  const profile = await updateProfile(app.db, userId, fields);
  if (!profile) throw new AppError('notFound');
  const isEmailChangePending = email !== current.email;
  if (isEmailChangePending) {
    await withRequestLanguage(request.language, () =>
      app.auth.api.changeEmail({ body: { newEmail: email, callbackURL: '/perfil' }, headers: betterAuthHeaders(request) }),
    ).catch((error: unknown) => {
      if (!(error instanceof APIError)) throw error;
      request.log.info({ event: 'change-email-refused', code: error.body?.code }, 'e-mail change not started');
    });
  }
  return { profile, isEmailChangePending };
}

import type { Profile, ProfileUpdateResult, ProfileView } from '#common/auth/auth.contract.ts';
import { AppError } from '#server/errors.ts';
import { startEmailChange, type AuthDeps, type AuthRequest } from '#server/features/auth/auth.service.ts';
import { findProfile, updateProfile } from './profile.repository.ts';

/** Profile changes go through the auth feature (a new e-mail is confirmed by Better Auth). */
export type ProfileDeps = AuthDeps;

export async function ownProfile({ db }: Pick<ProfileDeps, 'db'>, userId: string): Promise<ProfileView> {
  const profile = await findProfile(db, userId);
  if (!profile) throw new AppError('notFound');
  return profile;
}

/** Saves the profile; a new e-mail only gets a confirmation link and changes once it is followed. */
export async function saveProfile(deps: ProfileDeps, request: AuthRequest, userId: string, input: Profile): Promise<ProfileUpdateResult> {
  const { email, ...fields } = input;
  const current = await ownProfile(deps, userId);
  const profile = await updateProfile(deps.db, userId, fields);
  if (!profile) throw new AppError('notFound');
  const isEmailChangePending = email !== current.email;
  if (isEmailChangePending) await startEmailChange(deps, request, email);
  return { profile, isEmailChangePending };
}

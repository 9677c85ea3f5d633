import type { OwnProfile, Profile, ProfileUpdateResult } from '#common/auth/auth.contract.ts';
import { AppError } from '#server/platform/app-error.ts';
import { accountProfile, saveAccountProfile } from '#server/features/auth/accounts.service.ts';
import type { AuthDeps, AuthRequest } from '#server/features/auth/auth.service.ts';
import { accountHasPassword, startEmailChange } from '#server/features/auth/email-change.service.ts';

/** Profile changes go through the auth feature (a new e-mail is confirmed by Better Auth). */
export type ProfileDeps = AuthDeps;

export async function ownProfile({ db }: Pick<ProfileDeps, 'db'>, userId: string): Promise<OwnProfile> {
  const profile = await accountProfile({ db }, userId);
  if (!profile) throw new AppError('notFound');
  return { ...profile, hasPassword: await accountHasPassword({ db }, userId) };
}

/**
 * Saves the profile; a new e-mail needs the current password and only gets a confirmation link,
 * changing once it is followed. A refused password changes nothing, not even the other fields.
 */
export async function saveProfile(deps: ProfileDeps, request: AuthRequest, userId: string, input: Profile): Promise<ProfileUpdateResult> {
  const { email, currentPassword, ...fields } = input;
  const current = await ownProfile(deps, userId);
  const isEmailChangePending = email !== current.email;
  if (isEmailChangePending) await startEmailChange(deps, request, { userId, newEmail: email, currentPassword });
  const profile = await saveAccountProfile(deps, userId, fields);
  if (!profile) throw new AppError('notFound');
  return { profile: { ...profile, hasPassword: current.hasPassword }, isEmailChangePending };
}

import { z } from 'zod';
import { maxPasswordLength } from './password-policy.ts';
import { sessionUserSchema } from './auth.contract.ts';

const currentPasswordSchema = z
  .string({ error: 'validation:required' })
  .min(1, 'validation:required')
  .max(maxPasswordLength, 'validation:tooLong');

/**
 * A code from the authenticator app (6 digits) or one of the backup codes (`abcde-12345`);
 * spaces people type or paste are dropped.
 */
const twoFactorCodeSchema = z
  .string({ error: 'validation:required' })
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().min(1, 'validation:required').max(20, 'auth:twoFactor.codeFormat').regex(/^(\d{6}|[A-Za-z0-9]{5}-[A-Za-z0-9]{5})$/, 'auth:twoFactor.codeFormat'));

/** Whether a code is one from the authenticator app rather than a backup code. */
export function isAppCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

export const passwordConfirmationSchema = z.object({ password: currentPasswordSchema });
export type PasswordConfirmation = z.infer<typeof passwordConfirmationSchema>;

export const twoFactorCodeInputSchema = z.object({ code: twoFactorCodeSchema });
export type TwoFactorCodeInput = z.input<typeof twoFactorCodeInputSchema>;

/** Turning the second factor off asks for both the password and a current code. */
export const disableTwoFactorSchema = z.object({ password: currentPasswordSchema, code: twoFactorCodeSchema });
export type DisableTwoFactor = z.input<typeof disableTwoFactorSchema>;

/** What the authenticator app needs (the otpauth link, or the key typed by hand) and the backup codes, shown once. */
export const twoFactorSetupSchema = z.object({
  totpUri: z.string(),
  secret: z.string(),
  backupCodes: z.array(z.string()),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const backupCodesSchema = z.object({ backupCodes: z.array(z.string()) });
export type BackupCodes = z.infer<typeof backupCodesSchema>;

/** The sign-in's answer: signed in, or the password was right and a second step (a code) is needed. */
export const signInResultSchema = z.union([
  z.object({ user: sessionUserSchema }),
  z.object({ isSecondFactorRequired: z.literal(true) }),
]);
export type SignInResult = z.infer<typeof signInResultSchema>;

/** One of the account's signed-in devices, as its owner sees it on /perfil. */
const accountSessionSchema = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  isCurrent: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSessions = z.infer<typeof accountSessionsSchema>;

export const accountSessionParamsSchema = z.object({ id: z.string().min(1).max(100) });

import { isStaffRole } from '#common/auth/staff-roles.ts';
import { APIError } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import type { SessionUser } from '#common/auth/auth.contract.ts';
import { isAppCode, type BackupCodes, type TwoFactorSetup } from '#common/auth/two-factor.contract.ts';
import { AppError } from '#server/platform/app-error.ts';
import { claimTotpStep, findTotpSecret, forgetTotpStep, rememberLanguage } from './auth.repository.ts';
import { discardNewSession, errorCode, type AuthDeps, type AuthRequest } from './auth.service.ts';
import { toSessionUser } from './session-user.ts';
import { totpStepOf } from './totp-step.ts';

type Cookies = string[];

/** Better Auth's refusals of a code, as our error codes. */
function codeRefusal(error: unknown): AppError | undefined {
  switch (errorCode(error)) {
    case 'INVALID_CODE':
    case 'INVALID_BACKUP_CODE':
      return new AppError('invalidCode');
    case 'INVALID_PASSWORD':
      return new AppError('wrongPassword');
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      return new AppError('rateLimited');
    case 'INVALID_TWO_FACTOR_COOKIE':
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
    case 'TOTP_NOT_ENABLED':
    case 'BACKUP_CODES_NOT_ENABLED':
      return new AppError('secondFactorExpired');
    default:
      return undefined;
  }
}

async function translated<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw codeRefusal(error) ?? (error instanceof APIError ? new AppError('validation') : error);
  }
}

/** Checks a code against the signed-in account, or (at sign-in) against the challenge of the browser's two-factor cookie. */
function verifyCode({ auth }: Pick<AuthDeps, 'auth'>, request: AuthRequest, code: string) {
  const call = { body: { code }, headers: request.headers, returnHeaders: true as const };
  return translated(() => (isAppCode(code) ? auth.api.verifyTOTP(call) : auth.api.verifyBackupCode(call)));
}

/**
 * An app code Better Auth accepted is spent: its step is recorded as the account's last, and a code
 * of that step or an earlier one is refused like a wrong code, so a code seen once (over a
 * shoulder, in a proxy's log, by a phishing page) opens nothing more. Backup codes are single-use
 * already.
 */
async function spendCode({ auth, db }: Pick<AuthDeps, 'auth' | 'db'>, userId: string, code: string): Promise<void> {
  if (!isAppCode(code)) return;
  const stored = await findTotpSecret(db, userId);
  if (!stored) throw new AppError('invalidCode');
  const key = await symmetricDecrypt({ key: (await auth.$context).secretConfig, data: stored });
  const step = totpStepOf(key, code, new Date());
  if (step === undefined || !(await claimTotpStep(db, userId, step))) throw new AppError('invalidCode');
}

/**
 * The sign-in's second step: a code from the app or a backup code (used once) against the challenge
 * the password step left in the browser's two-factor cookie; on success the session starts.
 */
export async function completeSignIn(deps: AuthDeps, request: AuthRequest, code: string): Promise<{ user: SessionUser; cookies: Cookies }> {
  // The password step ended this browser's session; with one, Better Auth would check the code against it instead.
  if (await deps.auth.api.getSession({ headers: request.headers })) throw new AppError('secondFactorExpired');
  try {
    const result = await verifyCode(deps, request, code);
    const cookies = result.headers.getSetCookie();
    // Better Auth has opened the session by now: a spent code ends it before anyone sees its cookie.
    await spendCode(deps, result.response.user.id, code).catch(async (error: unknown) => {
      await discardNewSession(deps, cookies);
      throw error;
    });
    await rememberLanguage(deps.db, result.response.user.id, request.language);
    deps.log.info({ event: 'sign-in', outcome: 'success', factor: isAppCode(code) ? 'totp' : 'backup-code', userId: result.response.user.id, ip: request.ip }, 'sign-in second factor');
    return { user: toSessionUser(result.response.user), cookies };
  } catch (error) {
    if (error instanceof AppError) deps.log.info({ event: 'sign-in', outcome: error.code, ip: request.ip }, 'sign-in second factor');
    throw error;
  }
}

/**
 * First step of turning the second factor on (the password asked again): a new secret, shown as an
 * otpauth link and as the key to type, and ten backup codes. Nothing changes for sign-in until a
 * first code confirms the app (confirmEnabling); starting again replaces an unconfirmed secret.
 */
export async function startEnabling({ auth, db }: Pick<AuthDeps, 'auth' | 'db'>, request: AuthRequest, user: SessionUser, password: string): Promise<TwoFactorSetup> {
  try {
    const enabled = await auth.api.enableTwoFactor({ body: { password, method: 'totp' }, headers: request.headers });
    if (enabled.method !== 'totp') throw new AppError('internal');
    await forgetTotpStep(db, user.id);
    return { totpUri: enabled.totpURI, secret: new URL(enabled.totpURI).searchParams.get('secret') ?? '', backupCodes: enabled.backupCodes };
  } catch (error) {
    if (errorCode(error) === 'TOTP_ALREADY_ENABLED') throw new AppError('conflict', 'auth:twoFactor.alreadyEnabled');
    throw codeRefusal(error) ?? error;
  }
}

/** A first code from the app turns the second factor on; Better Auth replaces the session (new cookie). */
export async function confirmEnabling(deps: Pick<AuthDeps, 'auth' | 'db'>, request: AuthRequest, user: SessionUser, code: string): Promise<Cookies> {
  if (user.hasTwoFactor) throw new AppError('conflict', 'auth:twoFactor.alreadyEnabled');
  if (!isAppCode(code)) throw new AppError('invalidCode');
  try {
    const result = await deps.auth.api.verifyTOTP({ body: { code }, headers: request.headers, returnHeaders: true });
    await spendCode(deps, user.id, code);
    return result.headers.getSetCookie();
  } catch (error) {
    if (errorCode(error) === 'TOTP_NOT_ENABLED') throw new AppError('conflict', 'auth:twoFactor.notStarted');
    throw codeRefusal(error) ?? error;
  }
}

/** Turning it off asks for the password and a current code; a staff member keeps it (the back office needs it). */
export async function disable(deps: Pick<AuthDeps, 'auth' | 'db'>, request: AuthRequest, user: SessionUser, input: { password: string; code: string }): Promise<Cookies> {
  if (isStaffRole(user.role)) throw new AppError('forbidden', 'auth:twoFactor.adminKeeps');
  if (!user.hasTwoFactor) throw new AppError('conflict', 'auth:twoFactor.notEnabled');
  // Checked against the signed-in account, whose session it leaves as it is.
  await verifyCode(deps, request, input.code);
  await spendCode(deps, user.id, input.code);
  const result = await translated(() => deps.auth.api.disableTwoFactor({ body: { password: input.password }, headers: request.headers, returnHeaders: true }));
  return result.headers.getSetCookie();
}

/** Ten new backup codes, the old ones no longer valid (the password asked again). */
export async function regenerateBackupCodes({ auth }: Pick<AuthDeps, 'auth'>, request: AuthRequest, user: SessionUser, password: string): Promise<BackupCodes> {
  if (!user.hasTwoFactor) throw new AppError('conflict', 'auth:twoFactor.notEnabled');
  const { backupCodes } = await translated(() => auth.api.generateBackupCodes({ body: { password }, headers: request.headers }));
  return { backupCodes };
}

/** Stable error codes shared by the server's answers and the web's translated messages (`errors.<code>`). */
export type ErrorCode =
  | 'validation'
  | 'notFound'
  | 'unauthenticated'
  | 'forbidden'
  | 'foreignOrigin'
  | 'conflict'
  | 'invalidCredentials'
  | 'wrongPassword'
  | 'invalidCode'
  | 'secondFactorExpired'
  | 'twoFactorRequired'
  | 'emailNotConfirmed'
  | 'invalidToken'
  | 'payloadTooLarge'
  | 'unsupportedMediaType'
  | 'rateLimited'
  | 'paymentsUnavailable'
  | 'paymentProvider'
  | 'fileInfected'
  | 'scanUnavailable'
  | 'internal';

export const errorStatus: Record<ErrorCode, number> = {
  validation: 400,
  notFound: 404,
  unauthenticated: 401,
  forbidden: 403,
  foreignOrigin: 403,
  conflict: 409,
  invalidCredentials: 401,
  /** The current password asked again by a signed-in account (to change its e-mail) is wrong. */
  wrongPassword: 400,
  /** A two-factor code (from the authenticator app, or a backup code) that does not match. */
  invalidCode: 400,
  /** The sign-in's second step came too late, too often wrong, or without its first step: sign in again. */
  secondFactorExpired: 401,
  /** An admin whose account has no second factor yet: the back office stays closed until it is set up. */
  twoFactorRequired: 403,
  emailNotConfirmed: 403,
  invalidToken: 400,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  rateLimited: 429,
  paymentsUnavailable: 503,
  /** The payment provider refused or could not be reached (a refund). */
  paymentProvider: 502,
  /** The virus scanner (clamd) flagged an uploaded file. */
  fileInfected: 422,
  /** The virus scanner is set up but could not check a file: the upload is refused rather than accepted unchecked. */
  scanUnavailable: 503,
  internal: 500,
};

export type FieldIssue = { path: string; message: string };

/** The body of every error answer of the API. */
export type ErrorBody = { code: ErrorCode; message: string; issues?: FieldIssue[] };

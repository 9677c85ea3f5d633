import { z } from 'zod';
import { countryCodes } from '#common/billing/countries.ts';
import { businessTaxIdKind } from '#common/billing/invoice-recipient.ts';
import { calendarDateSchema } from '#common/date-fields.ts';
import { buyerKinds } from '#common/invoices/tax-rules.ts';
import { accountPhoneSchema, emailSchema, requiredTextSchema } from '#common/intake/fields.ts';
import { isValidNie } from './nie.ts';
import { isCommonPassword } from './common-passwords.ts';
import { maxPasswordLength, minPasswordLength } from './password-policy.ts';
import { isSitePath } from './site-path.ts';
import { staffRoles } from './staff-roles.ts';

export const newPasswordSchema = z
  .string({ error: 'validation:required' })
  .min(minPasswordLength, 'auth:validation.passwordTooShort')
  .max(maxPasswordLength, 'auth:validation.passwordTooLong')
  .refine((password) => !isCommonPassword(password), 'auth:validation.passwordTooCommon');

export const registrationSchema = z.object({
  firstName: requiredTextSchema(),
  lastName: requiredTextSchema(),
  email: emailSchema,
  phone: accountPhoneSchema,
  password: newPasswordSchema,
  acceptTerms: z.literal(true, { error: 'auth:validation.acceptTerms' }),
  /** The page the confirmation link brings the new client back to, such as the service they were hiring. */
  returnTo: z.string().max(500, 'validation:tooLong').refine(isSitePath, 'validation:invalid').optional(),
});
export type Registration = z.infer<typeof registrationSchema>;

/** A mailed link's secret as Better Auth's own endpoints read it: a signed token to confirm an e-mail, an id to reset a password. */
const mailedTokenSchema = z.string().min(1, 'errors:invalidToken').max(4000, 'errors:invalidToken');
/** Where a followed link sends the browser: a page of this site, never another. */
const callbackUrlSchema = z.string().max(500, 'validation:tooLong').refine(isSitePath, 'validation:invalid').optional();
/** The confirmation link of an e-mail address, checked before Better Auth reads it. */
export const verifyEmailLinkSchema = z.object({ token: mailedTokenSchema, callbackURL: callbackUrlSchema });
/** The reset link of a password: its secret in the path, where the browser goes next in the query. */
export const resetPasswordLinkParamsSchema = z.object({ token: mailedTokenSchema });
export const resetPasswordLinkQuerySchema = z.object({ callbackURL: callbackUrlSchema });

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'validation:required' }).min(1, 'validation:required').max(maxPasswordLength, 'validation:tooLong'),
});
export type SignIn = z.infer<typeof signInSchema>;

export const emailRequestSchema = z.object({ email: emailSchema });
export type EmailRequest = z.infer<typeof emailRequestSchema>;

/** The form's rule: both entries match; the server receives the token and the new password. */
export const newPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmation: z.string() })
  .refine((value) => value.password === value.confirmation, {
    message: 'auth:validation.passwordsDontMatch',
    path: ['confirmation'],
  });

export const resetPasswordSchema = z.object({
  token: z.string().trim().min(1, 'errors:invalidToken').max(500, 'errors:invalidToken'),
  password: newPasswordSchema,
});
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

/** A client ('user') or one of the firm's staff roles (staff-roles.ts). */
export const roleSchema = z.enum(['user', ...staffRoles]);
export type Role = z.infer<typeof roleSchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The role whose powers the account has now: a staff member acts as one only once the second factor is set up. */
  role: roleSchema,
  hasTwoFactor: z.boolean(),
  /** A staff member without a second factor yet: the back office opens once it is set up. */
  isTwoFactorSetupRequired: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionSchema = z.object({ user: sessionUserSchema.nullable() });
export type Session = z.infer<typeof sessionSchema>;

/** Optional profile text: an empty field means 'not given'. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation:tooLong')
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional()
    .transform((value) => value ?? null);

export const passportPattern = /^[A-Z0-9]{5,20}$/;
const knownCountries = new Set(countryCodes);
const isoDate = calendarDateSchema;

export const profileSchema = z.object({
  firstName: requiredTextSchema(),
  lastName: requiredTextSchema(),
  email: emailSchema,
  /** Asked only when the e-mail changes: the server checks it then, and ignores it otherwise. */
  currentPassword: z.string().max(maxPasswordLength, 'validation:tooLong').optional(),
  phone: accountPhoneSchema,
  passportNumber: optionalText(20)
    .transform((value) => (value ? value.replace(/[\s-]/g, '').toUpperCase() : null))
    .refine((value) => value === null || passportPattern.test(value), 'auth:validation.passport'),
  nie: optionalText(12)
    .transform((value) => (value ? value.replace(/[\s-]/g, '').toUpperCase() : null))
    .refine((value) => value === null || isValidNie(value), 'auth:validation.nie'),
  address: optionalText(300),
  dateOfBirth: optionalText(10).refine(
    (value) => value === null || (isoDate.safeParse(value).success && value >= '1900-01-01' && new Date(value) < new Date()),
    'auth:validation.dateOfBirth',
  ),
  /** Where the client lives, for the invoice and its IVA (common/invoices/tax-rules.ts). */
  residenceCountry: optionalText(2).refine((value) => value === null || knownCountries.has(value), 'validation:invalid'),
  buyerKind: z.enum(buyerKinds, 'validation:invalid').nullable().optional().transform((value) => value ?? null),
  /** The business the invoice is made out to, when the client buys as one. */
  businessName: optionalText(200),
  businessTaxId: optionalText(30).transform((value) => (value ? value.replace(/[\s.-]/g, '').toUpperCase() : null)),
}).superRefine((value, context) => {
  if (value.buyerKind !== 'business') return;
  if (!value.businessName) context.addIssue({ code: 'custom', path: ['businessName'], message: 'validation:required' });
  if (!value.businessTaxId) context.addIssue({ code: 'custom', path: ['businessTaxId'], message: 'validation:required' });
  else if (value.residenceCountry && !businessTaxIdKind(value.residenceCountry, value.businessTaxId)) {
    context.addIssue({ code: 'custom', path: ['businessTaxId'], message: 'auth:validation.businessTaxId' });
  }
});
export type ProfileInput = z.input<typeof profileSchema>;
export type Profile = z.output<typeof profileSchema>;

/**
 * The profile form's rule on top of profileSchema, which the server applies too (profile.service.ts):
 * a new e-mail needs the current password, and an account without a password yet (made by the firm
 * or from a quote's link) chooses one before it can change its e-mail.
 */
export function profileFormSchema(current: { email: string; hasPassword: boolean }) {
  return profileSchema.superRefine((value, context) => {
    // Refinements run even when a field failed: the e-mail may be missing.
    if (typeof value.email !== 'string' || value.email === current.email) return;
    if (!current.hasPassword) context.addIssue({ code: 'custom', path: ['email'], message: 'auth:emailChange.noPassword' });
    else if (!value.currentPassword) context.addIssue({ code: 'custom', path: ['currentPassword'], message: 'auth:emailChange.passwordRequired' });
  });
}

/** The profile as the server answers it. */
export const profileViewSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  passportNumber: z.string().nullable(),
  nie: z.string().nullable(),
  address: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  residenceCountry: z.string().nullable(),
  buyerKind: z.enum(buyerKinds).nullable(),
  businessName: z.string().nullable(),
  businessTaxId: z.string().nullable(),
});

/** The profile as its owner reads it: whether the account has a password decides how its e-mail can change. */
export const ownProfileSchema = profileViewSchema.extend({ hasPassword: z.boolean() });
export type OwnProfile = z.infer<typeof ownProfileSchema>;

export const profileUpdateResultSchema = z.object({
  profile: ownProfileSchema,
  /** True when the e-mail changes only once the link sent to the new address is followed. */
  isEmailChangePending: z.boolean(),
});
export type ProfileUpdateResult = z.infer<typeof profileUpdateResultSchema>;

/** The link mailed to the old address after an e-mail change, followed to undo it. */
export const undoEmailChangeSchema = z.object({
  token: z.string().trim().min(1, 'errors:invalidToken').max(500, 'errors:invalidToken'),
});
export type UndoEmailChange = z.infer<typeof undoEmailChangeSchema>;

/** The address the account has again. */
export const undoneEmailChangeSchema = z.object({ email: z.string() });
export type UndoneEmailChange = z.infer<typeof undoneEmailChangeSchema>;

import { z } from 'zod';

/**
 * The contact fields every form shares (intake, chat, cases, registration, profile): one rule each.
 * The phone kinds are docs/product/rules.md's: international, ordinary and account.
 */

/** A plus sign, a digit 1-9, then 7 to 14 more digits; spaces and dashes are ignored. */
const internationalPhonePattern = /^\+[1-9]\d{7,14}$/;
/** 6 to 15 digits, optionally with a leading plus, in any usual writing, local or international. */
const ordinaryPhonePattern = /^\+?\d{6,15}$/;
/** 6 to 20 characters of digits, spaces, `+ ( ) . -`. */
const accountPhonePattern = /^\+?[\d\s().-]{6,20}$/;

const withoutSeparators = (value: string) => value.replace(/[\s().-]/g, '');

/** A string that must be given: missing and blank are both 'required'. */
const filledSchema = () => z.string({ error: 'validation:required' }).trim().min(1, 'validation:required');

export const requiredTextSchema = (max = 100) => filledSchema().max(max, 'validation:tooLong');

/** Optional free text: an empty answer is kept as ''. */
export const optionalTextSchema = (max = 100) => z.string().trim().max(max, 'validation:tooLong').optional();

export const emailSchema = filledSchema()
  .pipe(z.email('validation:email').max(254, 'validation:tooLong'))
  .transform((email) => email.toLowerCase());

export const requiredPhoneSchema = filledSchema()
  .transform(withoutSeparators)
  .pipe(z.string().regex(internationalPhonePattern, 'intake:validation.phone'));

/** An optional phone of `pattern`, kept without separators; '' when not given. */
const optionalPhone = (pattern: RegExp) =>
  z
    .string()
    .trim()
    .transform(withoutSeparators)
    .refine((phone) => phone === '' || pattern.test(phone), 'intake:validation.phone')
    .optional();

/** An optional phone in the international pattern (a WhatsApp number). */
export const optionalInternationalPhoneSchema = optionalPhone(internationalPhonePattern);

/** An optional ordinary phone. */
export const optionalPhoneSchema = optionalPhone(ordinaryPhonePattern);

/** The account's phone (registration, profile), kept as written. */
export const accountPhoneSchema = filledSchema().regex(accountPhonePattern, 'auth:validation.phone');

/** Version of the privacy policy a visitor accepts today: the 'last update' date of web/content/<lang>/privacy-policy.md. */
export const privacyPolicyVersion = '2026-11-29';

/** The consent checkbox every intake form carries; `message` is the form's own wording (docs/product/rules.md). */
export const privacyConsentSchema = (message = 'intake:validation.privacyRequired') => z.literal(true, { error: message });

/**
 * A field people never see (hidden from sight and from assistive technology) that bots fill in.
 * A request that fills it is answered as if accepted, and dropped.
 */
export const honeypotField = 'website';
export const honeypotSchema = z.string().max(500).optional();

export function isSpam(values: { [honeypotField]?: string | undefined }): boolean {
  return Boolean(values[honeypotField]?.trim());
}

/** What the API answers for every accepted intake request. */
export const intakeReceiptSchema = z.object({ id: z.uuid() });
export type IntakeReceipt = z.infer<typeof intakeReceiptSchema>;

import { z } from 'zod';

/** A plus sign, a digit 1-9, then 7 to 14 more digits (docs/product/rules.md); spaces and dashes are ignored. */
const internationalPhonePattern = /^\+[1-9]\d{7,14}$/;

const withoutSeparators = (value: string) => value.replace(/[\s().-]/g, '');

export const requiredTextSchema = (max = 100) =>
  z.string({ error: 'validation:required' }).trim().min(1, 'validation:required').max(max, 'validation:tooLong');

/** Optional free text: an empty answer is kept as ''. */
export const optionalTextSchema = (max = 100) => z.string().trim().max(max, 'validation:tooLong').optional();

export const emailSchema = z
  .string({ error: 'validation:required' })
  .trim()
  .min(1, 'validation:required')
  .pipe(z.email('validation:email').max(254, 'validation:tooLong'))
  .transform((email) => email.toLowerCase());

export const requiredPhoneSchema = z
  .string({ error: 'validation:required' })
  .trim()
  .min(1, 'validation:required')
  .transform(withoutSeparators)
  .pipe(z.string().regex(internationalPhonePattern, 'intake:validation.phone'));

/** An optional phone in the international pattern (a WhatsApp number); '' when not given. */
export const optionalInternationalPhoneSchema = z
  .string()
  .trim()
  .transform(withoutSeparators)
  .refine((phone) => phone === '' || internationalPhonePattern.test(phone), 'intake:validation.phone')
  .optional();

/** An optional phone in any usual writing, local or international; '' when not given. */
export const optionalPhoneSchema = z
  .string()
  .trim()
  .transform(withoutSeparators)
  .refine((phone) => phone === '' || /^\+?\d{6,15}$/.test(phone), 'intake:validation.phone')
  .optional();

/** Version of the privacy policy a visitor accepts today: the 'last update' date of web/content/<lang>/privacy-policy.md. */
export const privacyPolicyVersion = '2026-11-21';

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

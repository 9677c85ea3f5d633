import { z } from 'zod';
import {
  emailSchema,
  honeypotSchema,
  optionalPhoneSchema,
  privacyConsentSchema,
  requiredTextSchema,
} from '#common/intake/fields.ts';

/** The subjects of a contact request (docs/product/data-and-states.md); their labels are in the `contact` catalog. */
export const contactSubjects = ['extranjeria', 'compraventa', 'traducciones', 'expatriacion', 'otro'] as const;

/** Name, email and message required; phone and subject optional; privacy accepted (docs/product/rules.md). */
export const contactRequestSchema = z.object({
  name: requiredTextSchema(100),
  email: emailSchema,
  phone: optionalPhoneSchema,
  subject: z.enum(contactSubjects, 'validation:invalid').optional(),
  message: requiredTextSchema(5000),
  privacy: privacyConsentSchema('contact:validation.privacyRequired'),
  website: honeypotSchema,
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

/** A contact request as the admin's Contacto tab shows it. */
export const contactRequestRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.string().nullable(),
  message: z.string(),
  createdAt: z.string(),
  /** When the firm marked it answered; null while its reply timer runs. */
  answeredAt: z.string().nullable(),
  /** The staff member who handles it; null while unassigned. */
  assigneeId: z.string().nullable(),
});
export type ContactRequestRow = z.infer<typeof contactRequestRowSchema>;

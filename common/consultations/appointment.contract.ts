import { z } from 'zod';
import { requiredTextSchema } from '#common/intake/fields.ts';

/** The longest outcome note the firm writes the client when it completes a consultation. */
export const outcomeNoteMaxLength = 2000;

/**
 * What the firm tells the client when it marks a consultation completed: the outcome (required),
 * and optionally the case it recommends hiring next (a service of kind 'case').
 */
export const consultationOutcomeSchema = z.object({
  firmNote: requiredTextSchema(outcomeNoteMaxLength),
  recommendedServiceId: z.string().trim().min(1, 'validation:invalid').max(100, 'validation:invalid').nullable().optional(),
});
export type ConsultationOutcome = z.infer<typeof consultationOutcomeSchema>;

/** The video call's address the firm gives a video consultation: an https link, or null to take it away. */
export const videoLinkSchema = z.object({
  videoUrl: z
    .string('validation:required')
    .trim()
    .min(1, 'validation:required')
    .max(500, 'validation:tooLong')
    .pipe(z.url({ protocol: /^https$/, hostname: z.regexes.domain, error: 'appointments:validation.httpsUrl' }))
    .nullable(),
});
export type VideoLink = z.infer<typeof videoLinkSchema>;

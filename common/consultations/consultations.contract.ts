import { z } from 'zod';
import {
  emailSchema,
  honeypotSchema,
  optionalInternationalPhoneSchema,
  optionalTextSchema,
  privacyConsentSchema,
  requiredTextSchema,
} from '#common/intake/fields.ts';
import { consultationOutcomeSchema } from './appointment.contract.ts';

/** The consultation_type of the expatriation form (docs/product/data-and-states.md). */
export const expatriationConsultationType = 'expatriacion';

export const expatriationObjectives = ['work', 'studies', 'reunification', 'entrepreneurship', 'other'] as const;

const arrivalMonthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The expatriation form (docs/product/rules.md): name and email required, privacy accepted, everything else optional. */
export const expatriationConsultationSchema = z.object({
  name: requiredTextSchema(100),
  email: emailSchema,
  phone: optionalInternationalPhoneSchema,
  originCountry: optionalTextSchema(100),
  destinationCity: optionalTextSchema(100),
  objectives: z
    .object({
      work: z.boolean().optional(),
      studies: z.boolean().optional(),
      reunification: z.boolean().optional(),
      entrepreneurship: z.boolean().optional(),
      other: z.boolean().optional(),
    })
    .optional(),
  /** The expected arrival as year and month ('2027-03'), as a month input gives it. */
  arrivalDate: z
    .string()
    .trim()
    .refine((value) => value === '' || arrivalMonthPattern.test(value), 'consultations:validation.arrivalDate')
    .optional(),
  message: optionalTextSchema(5000),
  privacy: privacyConsentSchema(),
  website: honeypotSchema,
});
export type ExpatriationConsultation = z.infer<typeof expatriationConsultationSchema>;

export const consultationStatuses = ['pendiente', 'completada', 'cancelada'] as const;

export const meetingModes = ['video', 'phone', 'office'] as const;
export type MeetingMode = (typeof meetingModes)[number];

/**
 * The admin marks a consultation done, with the outcome note the client reads (and optionally the
 * case it recommends hiring). Times are set through the appointment (booking.contract.ts), under
 * the booking lock, or the answer to an expatriation request.
 */
export const consultationUpdateSchema = consultationOutcomeSchema.extend({ status: z.literal('completada', 'validation:invalid') });
export type ConsultationUpdate = z.infer<typeof consultationUpdateSchema>;

/** A consultation in the client's panel: a hired one (its type is the service id) or an expatriation form. */
const clientConsultationSchema = z.object({
  id: z.uuid(),
  type: z.string(),
  /** The hired service's title in the language asked for; null for a form's consultation. */
  title: z.string().nullable(),
  status: z.enum(consultationStatuses),
  /** The appointment, when there is one, and how it meets. */
  scheduledAt: z.string().nullable(),
  meetingMode: z.enum(meetingModes).nullable(),
  videoUrl: z.string().nullable(),
  /** The firm's words to the client: the outcome of the consultation, or its answer to an expatriation request. */
  firmNote: z.string().nullable(),
  /** The case the firm recommends hiring next, with its title in the language asked for. */
  recommendedService: z.object({ id: z.string(), title: z.string() }).nullable(),
  createdAt: z.string(),
});
export type ClientConsultation = z.infer<typeof clientConsultationSchema>;

export const clientConsultationListSchema = z.array(clientConsultationSchema);

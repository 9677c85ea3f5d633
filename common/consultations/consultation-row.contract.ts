import { z } from 'zod';
import { requiredTextSchema } from '#common/intake/fields.ts';
import { paymentStatuses } from '#common/payments/payments.contract.ts';
import { consultationStatuses, expatriationObjectives, meetingModes } from './consultations.contract.ts';

/** The expatriation form's answers as the firm reads them; empty text for what was left blank. */
const expatriationAnswersSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  originCountry: z.string(),
  destinationCity: z.string(),
  /** The objectives ticked, in the form's order. */
  objectives: z.array(z.enum(expatriationObjectives)),
  /** The expected arrival as year and month ('2027-03'), or ''. */
  arrivalMonth: z.string(),
  message: z.string(),
});
export type ExpatriationAnswers = z.infer<typeof expatriationAnswersSchema>;

/** A consultation as the admin's Consultas tab shows it: no raw details, every field typed. */
export const consultationRowSchema = z.object({
  id: z.uuid(),
  consultationType: z.string(),
  /** The hired service's title in the admin's language; null for the expatriation form, which the web names. */
  typeTitle: z.string().nullable(),
  status: z.enum(consultationStatuses),
  client: z.object({ name: z.string(), email: z.string() }),
  /** The expatriation form's answers; null for a hired consultation. */
  form: expatriationAnswersSchema.nullable(),
  /** The payment that opened a hired consultation. */
  payment: z.object({ amountCents: z.number().int(), currency: z.string(), status: z.enum(paymentStatuses) }).nullable(),
  /** The firm's words to the client (its answer to an expatriation request, or a consultation's outcome). */
  firmNote: z.string().nullable(),
  answeredAt: z.string().nullable(),
  scheduledAt: z.string().nullable(),
  /** How a booked consultation meets, and its video call's link (the firm sets it). */
  meetingMode: z.enum(meetingModes).nullable(),
  videoUrl: z.string().nullable(),
  createdAt: z.string(),
  /** The staff member who handles it; null while unassigned. */
  assigneeId: z.string().nullable(),
});
export type ConsultationRow = z.infer<typeof consultationRowSchema>;

/** The firm's answer to an expatriation request: its note, and the date of the call when it offers one. */
export const consultationAnswerSchema = z.object({
  note: requiredTextSchema(5000),
  scheduledAt: z.iso.datetime({ offset: true, error: 'validation:invalid' }).nullable(),
});
export type ConsultationAnswer = z.infer<typeof consultationAnswerSchema>;

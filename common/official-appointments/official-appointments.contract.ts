import { z } from 'zod';
import { calendarDateSchema } from '#common/date-fields.ts';
import type { CaseStage } from '#common/cases/cases.contract.ts';
import { optionalTextSchema, requiredTextSchema } from '#common/intake/fields.ts';

/**
 * The appointments a case has with the administration (cita previa): the fingerprints for the TIE,
 * the TIE's collection, the nationality oath, or another. Each has a default list of what to bring.
 */
export const officialAppointmentKinds = ['fingerprints', 'tie_collection', 'oath', 'other'] as const;
export type OfficialAppointmentKind = (typeof officialAppointmentKinds)[number];

/** The stages that are an appointment: a case moved to one should have that appointment recorded. */
export const appointmentKindOfStage: Partial<Record<CaseStage, OfficialAppointmentKind>> = { fingerprint_appointment: 'fingerprints', oath: 'oath' };

/** The days before an appointment its reminders leave, the furthest first. */
export const officialAppointmentReminderDays = [3, 1] as const;

/** What the firm records: the day and time on the firm's clock (Europe/Madrid), where, the receipt's number and what to bring. */
export const officialAppointmentInputSchema = z.object({
  kind: z.enum(officialAppointmentKinds, 'validation:required'),
  day: calendarDateSchema,
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation:invalid'),
  office: requiredTextSchema(200),
  officeAddress: requiredTextSchema(300),
  reference: optionalTextSchema(100),
  whatToBring: requiredTextSchema(2000),
});
export type NewOfficialAppointment = z.output<typeof officialAppointmentInputSchema>;

export const officialAppointmentSchema = z.object({
  id: z.uuid(),
  caseId: z.number().int(),
  kind: z.enum(officialAppointmentKinds),
  startsAt: z.iso.datetime({ offset: true }),
  office: z.string(),
  officeAddress: z.string(),
  reference: z.string().nullable(),
  whatToBring: z.string(),
});
export type OfficialAppointment = z.infer<typeof officialAppointmentSchema>;

/** A case's appointments for the firm, with what each kind asks the client to bring, in the client's language, to start the form from. */
export const caseOfficialAppointmentsSchema = z.object({
  appointments: z.array(officialAppointmentSchema),
  whatToBring: z.record(z.enum(officialAppointmentKinds), z.string()),
});
export type CaseOfficialAppointments = z.infer<typeof caseOfficialAppointmentsSchema>;

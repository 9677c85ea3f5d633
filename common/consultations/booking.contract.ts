import { z } from 'zod';
import { calendarDateSchema, instantSchema } from '#common/date-fields.ts';
import { maxSlotRangeDays } from './booking-rules.ts';
import { meetingModes } from './consultations.contract.ts';

/** Calendar days on the firm's clock (Europe/Madrid), both included. */
export const slotRangeQuerySchema = z
  .object({ from: calendarDateSchema, to: calendarDateSchema })
  .refine((range) => range.from <= range.to, 'validation:invalid')
  .refine((range) => (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 < maxSlotRangeDays, 'booking:errors.rangeTooLong');
export type SlotRange = z.infer<typeof slotRangeQuerySchema>;

/** The start of each free slot, as ISO instants, in order. */
export const freeSlotsSchema = z.object({ slots: z.array(z.string()) });
export type FreeSlots = z.infer<typeof freeSlotsSchema>;

/** The slot and the way to meet a client chooses before paying a scheduled consultation. */
export const bookingSchema = z.object({
  startsAt: instantSchema,
  meetingMode: z.enum(meetingModes, 'booking:errors.meetingModeRequired'),
});
export type Booking = z.infer<typeof bookingSchema>;

/** The client moves their appointment to another free slot. */
export const rescheduleSchema = z.object({ startsAt: instantSchema });
export type Reschedule = z.infer<typeof rescheduleSchema>;

/** The firm sets or moves an appointment: a free slot or any time it chooses, and optionally how it meets. */
export const firmAppointmentSchema = z.object({
  startsAt: instantSchema,
  meetingMode: z.enum(meetingModes, 'validation:invalid').optional(),
});
export type FirmAppointment = z.infer<typeof firmAppointmentSchema>;

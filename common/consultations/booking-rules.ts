// The booking's rules as plain values, with no schema, so a page that only shows the offers loads no
// validation code.

/** The one consultation booked on a slot before paying: the 45-minute call, video call or meeting. */
export const scheduledConsultationType = 'scheduled';

/** How long a booked consultation lasts, and so each free slot. */
export const appointmentMinutes = 45;

/** How long before the appointment the client may still move or cancel it; the firm may at any time. */
export const clientChangeLimitHours = 24;

/**
 * How long a checkout holds its slot (decisions/016): long enough to pay, short enough that abandoned
 * checkouts do not keep the week taken.
 */
export const slotHoldMinutes = 15;

/** The longest range of days one request for free slots may ask for. */
export const maxSlotRangeDays = 31;

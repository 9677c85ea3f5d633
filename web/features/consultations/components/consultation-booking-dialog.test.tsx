/** @vitest-environment happy-dom */
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Booking } from '#common/consultations/booking.contract.ts';
import { renderPage, type ApiAnswer } from '#web/test/render.tsx';
import { ConsultationBookingDialog } from './consultation-booking-dialog.tsx';

// One free slot, three days from now at 10:00 UTC.
const slot = new Date(Date.parse(`${new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)}T10:00:00Z`)).toISOString();
const freeSlots = (): ApiAnswer => ({ status: 200, body: { slots: [slot] } });

/** The dialog as a hire button shows it; `start` is the checkout it opens with the booking. */
function booking(start: (booking: Booking) => Promise<unknown>) {
  return <ConsultationBookingDialog isOpen setOpen={() => undefined} start={start} isBusy={false} />;
}

async function choose(user: UserEvent) {
  const dialog = within(await screen.findByRole('dialog'));
  await user.click(within(await dialog.findByRole('group', { name: 'Día' })).getByRole('radio'));
  await user.click(within(await dialog.findByRole('group', { name: 'Hora' })).getByRole('radio'));
  return dialog;
}

describe('booking the scheduled consultation', () => {
  it('goes on to pay only once a time and a way to meet are chosen', async () => {
    const started: Booking[] = [];
    const { user } = await renderPage(booking((chosen) => Promise.resolve(started.push(chosen))), { answer: freeSlots });
    const dialog = await choose(user);
    expect(dialog.getByRole('button', { name: 'Continuar al pago' })).toHaveProperty('disabled', true);
    await user.click(dialog.getByRole('radio', { name: 'En el despacho (Elche)' }));
    await user.click(dialog.getByRole('button', { name: 'Continuar al pago' }));
    expect(started).toEqual([{ startsAt: slot, meetingMode: 'office' }]);
  });

  it('asks for another time, with the slots read again, when the time was taken meanwhile', async () => {
    const { requests, user } = await renderPage(booking(() => Promise.reject(new Error('slotTaken'))), { answer: freeSlots });
    const dialog = await choose(user);
    await user.click(dialog.getByRole('radio', { name: 'Videollamada' }));
    const reads = requests.length;
    await user.click(dialog.getByRole('button', { name: 'Continuar al pago' }));
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Continuar al pago' })).toHaveProperty('disabled', true));
    await waitFor(() => expect(requests.length).toBeGreaterThan(reads));
  });
});

/** @vitest-environment happy-dom */
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { scheduledConsultationType } from '#common/consultations/booking-rules.ts';
import type { ClientConsultation } from '#common/consultations/consultations.contract.ts';
import { renderPage, toastText, type ApiAnswer } from '#web/test/render.tsx';
import { ClientAppointment } from './client-appointment.tsx';

const dayAt = (daysAhead: number) => new Date(Date.parse(`${new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10)}T10:00:00Z`)).toISOString();

// A booked consultation five days ahead, and one free slot two days later.
const consultation = { id: 'c1', type: scheduledConsultationType, status: 'pendiente', scheduledAt: dayAt(5), meetingMode: 'video', videoUrl: null } as unknown as ClientConsultation;
const slot = dayAt(7);

/** The free slots the picker reads; `write` answers the move or the cancellation. */
const api =
  (write: ApiAnswer) =>
  (request: Request): ApiAnswer =>
    request.method === 'GET' ? { status: 200, body: { slots: [slot] } } : write;
const writes = (requests: Request[]) => requests.filter((request) => request.method !== 'GET');

async function chooseSlot(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Cambiar la hora' }));
  const dialog = within(await screen.findByRole('dialog'));
  await user.click(within(await dialog.findByRole('group', { name: 'Día' })).getByRole('radio'));
  await user.click(within(await dialog.findByRole('group', { name: 'Hora' })).getByRole('radio'));
  return dialog;
}

describe('the client’s appointment', () => {
  it('cannot be moved or cancelled less than 24 hours before', async () => {
    await renderPage(<ClientAppointment consultation={{ ...consultation, scheduledAt: new Date(Date.now() + 3 * 3_600_000).toISOString() }} />);
    expect(await screen.findByText('Faltan menos de 24 horas: si necesitas cambiarla, escríbenos.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cambiar la hora' })).toBeNull();
  });

  it('is not moved before a new time is chosen', async () => {
    const { requests, user } = await renderPage(<ClientAppointment consultation={consultation} />, { answer: api({ status: 500 }) });
    await user.click(screen.getByRole('button', { name: 'Cambiar la hora' }));
    const dialog = within(await screen.findByRole('dialog'));
    await dialog.findByRole('group', { name: 'Día' });
    expect(dialog.getByRole('button', { name: 'Confirmar el cambio' })).toHaveProperty('disabled', true);
    expect(writes(requests)).toHaveLength(0);
  });

  it('tells a time taken meanwhile with the server’s reason, and asks for another', async () => {
    const { user } = await renderPage(<ClientAppointment consultation={consultation} />, {
      answer: api({ status: 409, body: { code: 'conflict', message: 'Esa hora ya no está libre; elige otra.' } }),
    });
    const dialog = await chooseSlot(user);
    await user.click(dialog.getByRole('button', { name: 'Confirmar el cambio' }));
    expect(await toastText()).toBe('No se pudo guardar el cambio — Esa hora ya no está libre; elige otra.');
    expect(dialog.getByRole('button', { name: 'Confirmar el cambio' })).toHaveProperty('disabled', true);
  });

  it('tells a cancellation refused with the server’s reason', async () => {
    const { user } = await renderPage(<ClientAppointment consultation={consultation} />, {
      answer: api({ status: 409, body: { code: 'conflict', message: 'Solo puedes cambiar o cancelar la cita hasta 24 horas antes. Si lo necesitas, escríbenos.' } }),
    });
    await user.click(screen.getByRole('button', { name: 'Cancelar la cita' }));
    await user.click(await screen.findByRole('button', { name: 'Sí, cancelar la cita' }));
    expect(await toastText()).toBe('No se pudo guardar el cambio — Solo puedes cambiar o cancelar la cita hasta 24 horas antes. Si lo necesitas, escríbenos.');
  });

  it('is cancelled once confirmed', async () => {
    const { requests, user } = await renderPage(<ClientAppointment consultation={consultation} />, { answer: api({ status: 204 }) });
    await user.click(screen.getByRole('button', { name: 'Cancelar la cita' }));
    await user.click(await screen.findByRole('button', { name: 'Sí, cancelar la cita' }));
    expect(await toastText()).toBe('Cita cancelada');
    expect(writes(requests).map((request) => [request.method, new URL(request.url).pathname])).toEqual([['POST', '/api/consultations/c1/cancel']]);
  });

  it('is moved to the free slot chosen', async () => {
    const { requests, user } = await renderPage(<ClientAppointment consultation={consultation} />, { answer: api({ status: 204 }) });
    const dialog = await chooseSlot(user);
    await user.click(dialog.getByRole('button', { name: 'Confirmar el cambio' }));
    expect(await toastText()).toBe('Cita cambiada');
    const [move] = writes(requests);
    expect(new URL(move?.url ?? '').pathname).toBe('/api/consultations/c1/reschedule');
    expect(await move?.json()).toEqual({ startsAt: slot });
  });
});

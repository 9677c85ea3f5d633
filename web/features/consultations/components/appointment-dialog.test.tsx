/** @vitest-environment happy-dom */
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fromDateTimeLocal } from '#web/lib/datetime-local.ts';
import { renderPage, toastText, type ApiAnswer } from '#web/test/render.tsx';
import { AppointmentDialog } from './appointment-dialog.tsx';

// One free slot, three days from now at 10:00 UTC (a weekday's morning in Madrid).
const slot = new Date(Date.parse(`${new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)}T10:00:00Z`)).toISOString();

/** The free slots the picker reads; `write` answers the appointment. */
const api =
  (write: ApiAnswer) =>
  (request: Request): ApiAnswer =>
    request.method === 'GET' ? { status: 200, body: { slots: [slot] } } : write;
const writes = (requests: Request[]) => requests.filter((request) => request.method !== 'GET');

const ui = <AppointmentDialog consultationId="c1" clientName="Amina Benali" scheduledAt={null} />;

async function open(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Fijar o cambiar la cita de Amina Benali' }));
  return within(await screen.findByRole('dialog'));
}

describe('the firm’s appointment of a consultation', () => {
  it('cannot be saved before a time is chosen', async () => {
    const { requests, user } = await renderPage(ui, { answer: api({ status: 500 }) });
    const dialog = await open(user);
    await dialog.findByRole('group', { name: 'Día' });
    expect(dialog.getByRole('button', { name: 'Guardar la cita' })).toHaveProperty('disabled', true);
    await user.click(dialog.getByRole('radio', { name: 'Otra hora' }));
    expect(dialog.getByRole('button', { name: 'Guardar la cita' })).toHaveProperty('disabled', true);
    expect(writes(requests)).toHaveLength(0);
  });

  it('tells a time that overlaps another with the server’s reason', async () => {
    const { requests, user } = await renderPage(ui, {
      answer: api({ status: 409, body: { code: 'conflict', message: 'Esa hora se solapa con otra cita o con una reserva en curso.' } }),
    });
    const dialog = await open(user);
    await user.click(dialog.getByRole('radio', { name: 'Otra hora' }));
    await user.type(dialog.getByLabelText('Fecha y hora (Madrid)'), '2026-12-10T17:30');
    await user.click(dialog.getByRole('radio', { name: 'Teléfono' }));
    await user.click(dialog.getByRole('button', { name: 'Guardar la cita' }));
    expect(await toastText()).toBe('Error al actualizar — Esa hora se solapa con otra cita o con una reserva en curso.');
    expect(await writes(requests)[0]?.json()).toEqual({ startsAt: fromDateTimeLocal('2026-12-10T17:30'), meetingMode: 'phone' });
  });

  it('sends the free slot chosen and how the firm meets', async () => {
    const { requests, user } = await renderPage(ui, { answer: api({ status: 200, body: { id: 'c1' } }) });
    const dialog = await open(user);
    await user.click(within(await dialog.findByRole('group', { name: 'Día' })).getByRole('radio'));
    await user.click(within(await dialog.findByRole('group', { name: 'Hora' })).getByRole('radio'));
    await user.click(dialog.getByRole('radio', { name: 'Videollamada' }));
    await user.click(dialog.getByRole('button', { name: 'Guardar la cita' }));
    expect(await toastText()).toBe('Estado actualizado');
    const [appointment] = writes(requests);
    expect(appointment?.method).toBe('PUT');
    expect(new URL(appointment?.url ?? '').pathname).toBe('/api/admin/consultations/c1/appointment');
    expect(await appointment?.json()).toEqual({ startsAt: slot, meetingMode: 'video' });
  });
});

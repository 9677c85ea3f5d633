/** @vitest-environment happy-dom */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, toastText, type ApiAnswer } from '#web/test/render.tsx';
import { FirmHoursEditor } from './firm-hours-editor.tsx';

const morning = [{ opens: '09:00', closes: '14:00' }];
const hours = { weekly: [morning, morning, morning, morning, morning, [], []], minimumNoticeHours: 24, expressFollowUps: 2, isDefault: false };

const week = (request: Request): ApiAnswer | undefined => (request.method === 'GET' ? { status: 200, body: hours } : undefined);
const puts = (requests: Request[]) => requests.filter((request) => request.method === 'PUT');

async function notice() {
  return screen.findByLabelText(/^Antelación mínima/);
}

describe('the firm’s consulting hours', () => {
  it('refuse a notice beyond a week and a range that closes before it opens, and send nothing', async () => {
    const { requests, user } = await renderPage(<FirmHoursEditor />, { answer: (request) => week(request) ?? { status: 500 } });
    await user.clear(await notice());
    await user.type(await notice(), '500');
    const monday = within(screen.getByRole('group', { name: 'lunes' }));
    fireEvent.change(monday.getByLabelText('Hasta'), { target: { value: '08:00' } });
    await user.click(screen.getByRole('button', { name: 'Guardar horario' }));
    expect(await screen.findByText('Un número entero de horas entre 0 y 168')).toBeTruthy();
    expect(screen.getByText('La hora de cierre debe ser posterior a la de apertura')).toBeTruthy();
    expect(puts(requests)).toHaveLength(0);
  });

  it('put the server’s message for the notice under it, and say why in the toast', async () => {
    const { user } = await renderPage(<FirmHoursEditor />, {
      answer: (request) =>
        week(request) ?? {
          status: 400,
          body: { code: 'validation', message: 'Revisa los datos del formulario.', issues: [{ path: 'minimumNoticeHours', message: 'Un número entero de horas entre 0 y 168' }] },
        },
    });
    await notice();
    await user.click(screen.getByRole('button', { name: 'Guardar horario' }));
    expect(await toastText()).toBe('No se pudo guardar — Revisa los datos del formulario.');
    expect(await screen.findByText('Un número entero de horas entre 0 y 168')).toBeTruthy();
  });

  it('send the week and the notice as they are edited', async () => {
    const { requests, user } = await renderPage(<FirmHoursEditor />, { answer: (request) => week(request) ?? { status: 200, body: hours } });
    await user.clear(await notice());
    await user.type(await notice(), '48');
    await user.click(screen.getByRole('button', { name: 'Añadir tramo el sábado' }));
    await user.click(screen.getByRole('button', { name: 'Guardar horario' }));
    expect(await toastText()).toBe('Horario guardado');
    const [save] = puts(requests);
    expect(new URL(save?.url ?? '').pathname).toBe('/api/admin/agenda/hours');
    expect(await save?.json()).toEqual({ weekly: [morning, morning, morning, morning, morning, [{ opens: '09:00', closes: '14:00' }], []], minimumNoticeHours: 48, expressFollowUps: 2 });
  });
});

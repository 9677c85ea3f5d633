/** @vitest-environment happy-dom */
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { firmDay } from '#common/dates.ts';
import { renderPage, toastText, type ApiAnswer } from '#web/test/render.tsx';
import { AgendaAdminTab } from './agenda-admin-tab.tsx';

const today = firmDay(new Date());
const meeting = { id: 'e1', kind: 'event', date: today, time: '09:30', title: 'Reunión con la notaría' };

/** The month's agenda (one event today) and the hours below it; `write` answers the event's saving or deletion. */
const api =
  (write: ApiAnswer) =>
  (request: Request): ApiAnswer => {
    if (request.method !== 'GET') return write;
    const path = new URL(request.url).pathname;
    if (path === '/api/admin/agenda') return { status: 200, body: [meeting] };
    if (path === '/api/admin/agenda/days') return { status: 200, body: { days: [], holidays: [] } };
    return { status: 200, body: { weekly: [[], [], [], [], [], [], []], minimumNoticeHours: 24, expressFollowUps: 2, isDefault: true } };
  };
const writes = (requests: Request[]) => requests.filter((request) => request.method !== 'GET');

async function newEvent(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Nuevo evento' }));
  return within(await screen.findByRole('dialog'));
}

describe('an event of the agenda', () => {
  it('asks for a title and a date, and sends nothing', async () => {
    const { requests, user } = await renderPage(<AgendaAdminTab />, { path: '/admin', answer: api({ status: 500 }) });
    const dialog = await newEvent(user);
    await user.clear(dialog.getByLabelText(/^Fecha/));
    await user.click(dialog.getByRole('button', { name: 'Guardar' }));
    expect(await dialog.findAllByText('Este campo es obligatorio')).toHaveLength(2);
    expect(dialog.getByLabelText(/^Título/).getAttribute('aria-invalid')).toBe('true');
    expect(writes(requests)).toHaveLength(0);
  });

  it('tells a refusal with the server’s reason, and keeps the dialog', async () => {
    const { user } = await renderPage(<AgendaAdminTab />, {
      path: '/admin',
      answer: api({ status: 403, body: { code: 'forbidden', message: 'No tienes permisos para realizar esta acción.' } }),
    });
    const dialog = await newEvent(user);
    await user.type(dialog.getByLabelText(/^Título/), 'Llamar al consulado');
    await user.click(dialog.getByRole('button', { name: 'Guardar' }));
    expect(await toastText()).toBe('Error al actualizar — No tienes permisos para realizar esta acción.');
    expect(dialog.getByLabelText(/^Título/)).toHaveProperty('value', 'Llamar al consulado');
  });

  it('sends a new event with its day and no time', async () => {
    const { requests, user } = await renderPage(<AgendaAdminTab />, { path: '/admin', answer: api({ status: 201, body: { id: 'e2' } }) });
    const dialog = await newEvent(user);
    await user.type(dialog.getByLabelText(/^Título/), 'Llamar al consulado');
    await user.click(dialog.getByRole('button', { name: 'Guardar' }));
    expect(await toastText()).toBe('Evento guardado');
    const [save] = writes(requests);
    expect([save?.method, new URL(save?.url ?? '').pathname]).toEqual(['POST', '/api/admin/agenda/events']);
    expect(await save?.json()).toEqual({ date: today, time: null, title: 'Llamar al consulado' });
  });

  it('sends an event’s new time to that event', async () => {
    const { requests, user } = await renderPage(<AgendaAdminTab />, { path: '/admin', answer: api({ status: 200, body: meeting }) });
    await user.click(await screen.findByRole('button', { name: '09:30 Reunión con la notaría' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.clear(dialog.getByLabelText(/^Hora/));
    await user.type(dialog.getByLabelText(/^Hora/), '11:00');
    await user.click(dialog.getByRole('button', { name: 'Guardar' }));
    expect(await toastText()).toBe('Evento guardado');
    const [save] = writes(requests);
    expect([save?.method, new URL(save?.url ?? '').pathname]).toEqual(['PUT', '/api/admin/agenda/events/e1']);
    expect(await save?.json()).toEqual({ date: today, time: '11:00', title: 'Reunión con la notaría' });
  });
});

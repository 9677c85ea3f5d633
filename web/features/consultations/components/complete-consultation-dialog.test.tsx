/** @vitest-environment happy-dom */
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, toastText, type ApiAnswer } from '#web/test/render.tsx';
import { CompleteConsultationDialog } from './complete-consultation-dialog.tsx';

const consultation = { id: 'c1', client: { name: 'Amina Benali' } };
const offers = [
  { id: 'renewals-appeals', kind: 'case', title: 'Renovaciones y recursos' },
  { id: 'express', kind: 'consultation', title: 'Consulta exprés' },
];

/** The catalogue the recommendation is chosen from; `write` answers the completion. */
const api =
  (write: ApiAnswer) =>
  (request: Request): ApiAnswer =>
    request.method === 'GET' ? { status: 200, body: offers } : write;
const writes = (requests: Request[]) => requests.filter((request) => request.method !== 'GET');

async function open(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Marcar como completada la consulta de Amina Benali' }));
  return within(await screen.findByRole('dialog'));
}

async function complete(dialog: ReturnType<typeof within>, user: UserEvent) {
  await user.type(dialog.getByLabelText(/^Resultado de la consulta/), 'Puedes renovar tu permiso: reúne los documentos de la lista.');
  await user.selectOptions(await dialog.findByLabelText(/^Trámite recomendado/), 'renewals-appeals');
  await user.click(dialog.getByRole('button', { name: 'Completar y avisar al cliente' }));
}

describe('completing a consultation', () => {
  it('asks for the outcome, and sends nothing', async () => {
    const { requests, user } = await renderPage(<CompleteConsultationDialog consultation={consultation} />, { answer: api({ status: 500 }) });
    const dialog = await open(user);
    await user.click(dialog.getByRole('button', { name: 'Completar y avisar al cliente' }));
    expect(await dialog.findByText('Este campo es obligatorio')).toBeTruthy();
    expect(dialog.getByLabelText(/^Resultado de la consulta/).getAttribute('aria-invalid')).toBe('true');
    expect(writes(requests)).toHaveLength(0);
  });

  it('tells a refusal with the server’s reason, and keeps the note', async () => {
    const { user } = await renderPage(<CompleteConsultationDialog consultation={consultation} />, {
      answer: api({ status: 409, body: { code: 'conflict', message: 'La operación no se puede completar en el estado actual.' } }),
    });
    const dialog = await open(user);
    await complete(dialog, user);
    expect(await toastText()).toBe('No se ha podido completar la consulta — La operación no se puede completar en el estado actual.');
    expect(dialog.getByLabelText(/^Resultado de la consulta/)).toHaveProperty('value', 'Puedes renovar tu permiso: reúne los documentos de la lista.');
  });

  it('sends the outcome and the recommended case', async () => {
    const { requests, user } = await renderPage(<CompleteConsultationDialog consultation={consultation} />, { answer: api({ status: 200, body: { id: 'c1' } }) });
    const dialog = await open(user);
    await complete(dialog, user);
    expect(await toastText()).toBe('Consulta completada');
    const [change] = writes(requests);
    expect(change?.method).toBe('PATCH');
    expect(new URL(change?.url ?? '').pathname).toBe('/api/admin/consultations/c1');
    expect(await change?.json()).toEqual({
      status: 'completada',
      firmNote: 'Puedes renovar tu permiso: reúne los documentos de la lista.',
      recommendedServiceId: 'renewals-appeals',
    });
  });
});

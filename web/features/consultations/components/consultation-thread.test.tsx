/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, toastText, type ApiAnswer } from '#web/test/render.tsx';
import { ConsultationThread } from './consultation-thread.tsx';

const openThread = (request: Request): ApiAnswer | undefined =>
  request.method === 'GET' ? { status: 200, body: { status: 'pendiente', answeredAt: null, isOpen: true, messages: [] } } : undefined;

describe('the express consultation’s question', () => {
  it('asks for the question, and sends nothing', async () => {
    const { requests, user } = await renderPage(<ConsultationThread consultationId="c1" />, { answer: (request) => openThread(request) ?? { status: 500 } });
    await user.click(await screen.findByRole('button', { name: 'Enviar pregunta' }));
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('tells a refused question with the server’s reason', async () => {
    const { user } = await renderPage(<ConsultationThread consultationId="c1" />, {
      answer: (request) => openThread(request) ?? { status: 409, body: { code: 'conflict', message: 'La operación no se puede completar en el estado actual.' } },
    });
    await user.type(await screen.findByLabelText(/^Tu pregunta/), '¿Puedo trabajar con la tarjeta en trámite?');
    await user.click(screen.getByRole('button', { name: 'Enviar pregunta' }));
    expect(await toastText()).toBe('Error al enviar la pregunta — La operación no se puede completar en el estado actual.');
  });

  it('says when the conversation cannot be read', async () => {
    await renderPage(<ConsultationThread consultationId="c1" />, { answer: () => ({ status: 404, body: { code: 'notFound', message: 'No encontrado.' } }) });
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});

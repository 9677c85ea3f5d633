/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, toastText, type ApiAnswer } from '#web/test/render.tsx';
import { ConsultationThread } from './consultation-thread.tsx';

const openThread = (request: Request): ApiAnswer | undefined =>
  request.method === 'GET' ? { status: 200, body: { status: 'pendiente', answeredAt: null, answerDueAt: null, isOpen: true, followUpsLeft: 2, messages: [] } } : undefined;

const message = (author: 'client' | 'firm', body: string, createdAt: string) => ({ id: crypto.randomUUID(), author, body, attachments: [], createdAt });

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

  it('says by when the firm answers, under the question, in business hours', async () => {
    const thread = {
      status: 'pendiente',
      answeredAt: null,
      answerDueAt: '2026-11-30T11:00:00.000Z',
      isOpen: true,
      followUpsLeft: 2,
      messages: [message('client', '¿Puedo trabajar?', '2026-11-27T20:00:00.000Z')],
    };
    await renderPage(<ConsultationThread consultationId="c1" />, { answer: () => ({ status: 200, body: thread }) });
    expect(
      await screen.findByText(
        'Hemos recibido tu pregunta. Te responderemos aquí antes del lunes, 30 de noviembre de 2026, 12:00 (8 horas laborables desde tu pago) y te avisaremos por email.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Puedes hacer 2 preguntas más sobre esta consulta.')).toBeTruthy();
    expect(screen.getByLabelText(/^Otra pregunta sobre esta consulta/)).toBeTruthy();
  });

  it('shows the answer and no reply box once the firm’s follow-ups are used', async () => {
    const thread = {
      status: 'pendiente',
      answeredAt: '2026-11-30T09:00:00.000Z',
      answerDueAt: null,
      isOpen: true,
      followUpsLeft: 0,
      messages: [message('client', '¿Puedo trabajar?', '2026-11-27T20:00:00.000Z'), message('firm', 'Sí, con la autorización concedida.', '2026-11-30T09:00:00.000Z')],
    };
    await renderPage(<ConsultationThread consultationId="c1" />, { answer: () => ({ status: 200, body: thread }) });
    expect(await screen.findByText('Sí, con la autorización concedida.')).toBeTruthy();
    expect(screen.getByText(/^Ya has hecho todas las preguntas que incluye esta consulta\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar pregunta' })).toBeNull();
  });

  it('says when the conversation cannot be read', async () => {
    await renderPage(<ConsultationThread consultationId="c1" />, { answer: () => ({ status: 404, body: { code: 'notFound', message: 'No encontrado.' } }) });
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});

/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { describe, expect, it } from 'vitest';
import { renderPage, toastText } from '#web/test/render.tsx';
import { ConsultationAnswerDialog } from './consultation-answer-dialog.tsx';

// The dialog reads the request's id, its client's name, and its answer so far.
const row = { id: 'c1', client: { name: 'Claire Martin' }, answeredAt: null, firmNote: null, scheduledAt: null } as unknown as ComponentProps<
  typeof ConsultationAnswerDialog
>['row'];

describe('the firm’s answer to an expatriation request', () => {
  it('asks for the answer, and sends nothing', async () => {
    const { requests, user } = await renderPage(<ConsultationAnswerDialog row={row} />);
    await user.click(screen.getByRole('button', { name: 'Responder a Claire Martin' }));
    await user.click(await screen.findByRole('button', { name: 'Enviar respuesta' }));
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('tells a refusal with the server’s reason', async () => {
    const { user } = await renderPage(<ConsultationAnswerDialog row={row} />, {
      answer: () => ({ status: 404, body: { code: 'notFound', message: 'No encontrado.' } }),
    });
    await user.click(screen.getByRole('button', { name: 'Responder a Claire Martin' }));
    await user.type(await screen.findByLabelText(/^Respuesta/), 'Le llamamos el lunes.');
    await user.click(screen.getByRole('button', { name: 'Enviar respuesta' }));
    expect(await toastText()).toBe('Error al actualizar — No encontrado.');
  });
});

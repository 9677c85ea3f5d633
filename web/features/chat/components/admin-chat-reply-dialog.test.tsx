/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { describe, expect, it } from 'vitest';
import { renderPage, toastText, type ApiAnswer } from '#web/test/render.tsx';
import { AdminChatReplyDialog } from './admin-chat-reply-dialog.tsx';

// The dialog reads the message's id and its sender.
const message = { id: 'm1', senderName: 'Amina', senderEmail: 'amina@example.com' } as unknown as ComponentProps<typeof AdminChatReplyDialog>['message'];
const emptyThread = (request: Request): ApiAnswer | undefined => (request.method === 'GET' ? { status: 200, body: { entries: [] } } : undefined);

describe('the firm’s reply in the chat', () => {
  it('sends no empty reply', async () => {
    const { requests, user } = await renderPage(<AdminChatReplyDialog message={message} />, { answer: (request) => emptyThread(request) ?? { status: 500 } });
    await user.click(screen.getByRole('button', { name: /Responder/ }));
    await user.type(await screen.findByLabelText('Respuesta'), '   ');
    expect(screen.getByRole('button', { name: 'Enviar respuesta' })).toHaveProperty('disabled', true);
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('tells a refused reply with the server’s reason, and a conversation that failed to load', async () => {
    const { user } = await renderPage(<AdminChatReplyDialog message={message} />, {
      answer: () => ({ status: 404, body: { code: 'notFound', message: 'No encontrado.' } }),
    });
    await user.click(screen.getByRole('button', { name: /Responder/ }));
    expect(await screen.findByText('No encontrado.', { selector: '[role="alert"]' })).toBeTruthy();
    await user.type(screen.getByLabelText('Respuesta'), 'Le escribimos por email.');
    await user.click(screen.getByRole('button', { name: 'Enviar respuesta' }));
    expect(await toastText()).toBe('Error al enviar respuesta — No encontrado.');
  });
});

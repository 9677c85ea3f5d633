/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, toastText } from '#web/test/render.tsx';
import { ChatMessageForm } from './chat-message-form.tsx';

const signedOut = (request: Request) =>
  new URL(request.url).pathname === '/api/account/session' ? { status: 200, body: { user: null } } : undefined;

describe('the chat’s message form', () => {
  it('keeps sending off until the e-mail and the message are written', async () => {
    const { user } = await renderPage(<ChatMessageForm lastMessage={undefined} />, { answer: (request) => signedOut(request) ?? { status: 500 } });
    const send = screen.getByRole('button', { name: 'Enviar' });
    expect(send).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText(/^Email/), 'amina@example.com');
    await user.type(screen.getByLabelText(/^Mensaje/), 'Hola');
    expect(send).toHaveProperty('disabled', false);
  });

  it('asks for the name and a real e-mail', async () => {
    const { requests, user } = await renderPage(<ChatMessageForm lastMessage={undefined} />, { answer: (request) => signedOut(request) ?? { status: 500 } });
    await user.type(screen.getByLabelText(/^Email/), 'amina');
    await user.type(screen.getByLabelText(/^Mensaje/), 'Hola');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
    expect(screen.getByText('Introduce un email válido.')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('tells a refused message with the server’s reason', async () => {
    const { user } = await renderPage(<ChatMessageForm lastMessage={undefined} />, {
      answer: (request) =>
        signedOut(request) ?? { status: 429, body: { code: 'rateLimited', message: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.' } },
    });
    await user.type(screen.getByLabelText(/^Nombre/), 'Amina');
    await user.type(screen.getByLabelText(/^Email/), 'amina@example.com');
    await user.type(screen.getByLabelText(/^Mensaje/), 'Hola');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await toastText()).toBe('Error al enviar mensaje — Demasiados intentos. Espera un momento y vuelve a intentarlo.');
  });
});

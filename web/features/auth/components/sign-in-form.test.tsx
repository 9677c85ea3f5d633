/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, toastText } from '#web/test/render.tsx';
import { SignInForm } from './sign-in-form.tsx';

async function signIn(user: UserEvent) {
  await user.type(screen.getByLabelText(/^Email/), 'amina@example.com');
  await user.type(screen.getByLabelText(/^Contraseña/), 'una contraseña larga');
  await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
}

describe('the sign-in form', () => {
  it('asks for the e-mail and the password, and sends nothing', async () => {
    const { requests, user } = await renderPage(<SignInForm />, { path: '/acceder' });
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findAllByText('Este campo es obligatorio')).toHaveLength(2);
    expect(requests).toHaveLength(0);
  });

  it('refuses an e-mail that is not one', async () => {
    const { user } = await renderPage(<SignInForm />, { path: '/acceder' });
    await user.type(screen.getByLabelText(/^Email/), 'amina');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('Introduce un email válido.')).toBeTruthy();
  });

  it('tells wrong credentials with the server’s words', async () => {
    const { user } = await renderPage(<SignInForm />, {
      path: '/acceder',
      answer: () => ({ status: 401, body: { code: 'invalidCredentials', message: 'Email o contraseña incorrectos' } }),
    });
    await signIn(user);
    expect(await toastText()).toBe('Error al iniciar sesión — Email o contraseña incorrectos');
  });

  it('tells an unconfirmed account what to do, in the toast and on the page', async () => {
    const message = 'Revisa tu bandeja de entrada y la carpeta de spam: te enviamos un email para confirmar tu cuenta.';
    const { user } = await renderPage(<SignInForm />, { path: '/acceder', answer: () => ({ status: 403, body: { code: 'emailNotConfirmed', message } }) });
    await signIn(user);
    expect(await toastText()).toBe(`Email no confirmado — ${message}`);
    expect(screen.getByRole('button', { name: 'Reenviar email de confirmación' })).toBeTruthy();
  });
});

/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, toastText } from '#web/test/render.tsx';
import { ForgotPasswordDialog } from './forgot-password-dialog.tsx';

describe('the forgotten password dialog', () => {
  it('refuses an e-mail that is not one, and sends nothing', async () => {
    const { requests, user } = await renderPage(<ForgotPasswordDialog isInitiallyOpen />);
    await user.type(screen.getByLabelText(/Email/), 'amina{Enter}');
    expect(await screen.findByText('Introduce un email válido.')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('tells a refusal with its sentence as the title and the server’s reason', async () => {
    const { user } = await renderPage(<ForgotPasswordDialog isInitiallyOpen />, {
      answer: () => ({ status: 429, body: { code: 'rateLimited', message: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.' } }),
    });
    await user.type(screen.getByLabelText(/Email/), 'amina@example.com{Enter}');
    expect(await toastText()).toBe(
      'No se pudo enviar el email de recuperación. Revisa que el email sea correcto. — Demasiados intentos. Espera un momento y vuelve a intentarlo.',
    );
  });
});

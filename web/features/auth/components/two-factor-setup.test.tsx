/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, toastText } from '#web/test/render.tsx';
import { TwoFactorSetup } from './two-factor-setup.tsx';

describe('turning the second factor on', () => {
  it('asks for the current password, and sends nothing', async () => {
    const { requests, user } = await renderPage(<TwoFactorSetup />);
    await user.click(screen.getByRole('button', { name: 'Activar la verificación en dos pasos' }));
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('puts a wrong password under its field', async () => {
    const { user } = await renderPage(<TwoFactorSetup />, {
      answer: () => ({ status: 400, body: { code: 'wrongPassword', message: 'La contraseña actual no es correcta.' } }),
    });
    await user.type(screen.getByLabelText(/Contraseña actual/), 'una contraseña');
    await user.click(screen.getByRole('button', { name: 'Activar la verificación en dos pasos' }));
    expect(await screen.findByText('La contraseña actual no es correcta.', { selector: '[role="alert"]' })).toBeTruthy();
  });

  it('tells any other refusal in the toast, with the server’s words as its title', async () => {
    const { user } = await renderPage(<TwoFactorSetup />, {
      answer: () => ({ status: 429, body: { code: 'rateLimited', message: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.' } }),
    });
    await user.type(screen.getByLabelText(/Contraseña actual/), 'una contraseña');
    await user.click(screen.getByRole('button', { name: 'Activar la verificación en dos pasos' }));
    expect(await toastText()).toBe('Demasiados intentos. Espera un momento y vuelve a intentarlo.');
  });
});

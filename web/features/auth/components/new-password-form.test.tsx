/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, toastText } from '#web/test/render.tsx';
import { NewPasswordForm } from './new-password-form.tsx';

describe('the new password form', () => {
  it('says a password is too short, under the field and in a toast', async () => {
    const { requests, user } = await renderPage(<NewPasswordForm token="abc" />);
    await user.type(screen.getByLabelText(/^Nueva contraseña/), 'corta');
    await user.type(screen.getByLabelText(/^Confirmar contraseña/), 'corta');
    await user.click(screen.getByRole('button', { name: 'Actualizar contraseña' }));
    expect(await toastText()).toBe('Contraseña demasiado corta — Debe tener al menos 8 caracteres.');
    expect(screen.getByText('Contraseña demasiado corta: debe tener al menos 8 caracteres.')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('says when the two passwords differ', async () => {
    const { user } = await renderPage(<NewPasswordForm token="abc" />);
    await user.type(screen.getByLabelText(/^Nueva contraseña/), 'una contraseña larga');
    await user.type(screen.getByLabelText(/^Confirmar contraseña/), 'otra contraseña larga');
    await user.click(screen.getByRole('button', { name: 'Actualizar contraseña' }));
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeTruthy();
  });

  it('tells a used or expired link with the server’s words', async () => {
    const { user } = await renderPage(<NewPasswordForm token="abc" />, {
      answer: () => ({ status: 400, body: { code: 'invalidToken', message: 'El enlace puede haber expirado. Por favor, solicita uno nuevo.' } }),
    });
    await user.type(screen.getByLabelText(/^Nueva contraseña/), 'una contraseña larga');
    await user.type(screen.getByLabelText(/^Confirmar contraseña/), 'una contraseña larga');
    await user.click(screen.getByRole('button', { name: 'Actualizar contraseña' }));
    expect(await toastText()).toBe('Error al actualizar — El enlace puede haber expirado. Por favor, solicita uno nuevo.');
  });
});

/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, toastText } from '#web/test/render.tsx';
import { RegisterForm } from './register-form.tsx';

async function register(user: UserEvent) {
  await user.type(screen.getByLabelText(/^Nombre/), 'Amina');
  await user.type(screen.getByLabelText(/^Apellidos/), 'Benali');
  await user.type(screen.getByLabelText(/^Email/), 'amina@example.com');
  await user.type(screen.getByLabelText(/^Teléfono/), '+34600123456');
  await user.type(screen.getByLabelText(/^Contraseña/), 'una contraseña larga');
  await user.click(screen.getByRole('checkbox', { name: /condiciones de uso/ }));
  await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
}

describe('the registration form', () => {
  it('asks for the names, the e-mail, the phone, the password and the terms, and sends nothing', async () => {
    const { requests, user } = await renderPage(<RegisterForm />, { path: '/registro' });
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findAllByText('Este campo es obligatorio')).toHaveLength(4);
    expect(screen.getByText('Debes aceptar la política de privacidad y las condiciones de uso.')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('refuses a short password and a phone that is not one', async () => {
    const { user } = await renderPage(<RegisterForm />, { path: '/registro' });
    await user.type(screen.getByLabelText(/^Contraseña/), 'corta');
    await user.type(screen.getByLabelText(/^Teléfono/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByText('Contraseña demasiado corta: debe tener al menos 8 caracteres.')).toBeTruthy();
    expect(screen.getByText('Introduce un teléfono válido.')).toBeTruthy();
  });

  it('puts the server’s refusal of a field under it and tells it in the toast', async () => {
    const { user } = await renderPage(<RegisterForm />, {
      path: '/registro',
      answer: () => ({
        status: 400,
        body: { code: 'validation', message: 'Revisa los datos del formulario.', issues: [{ path: 'password', message: 'Esta contraseña es de las más usadas. Elige otra más difícil de adivinar.' }] },
      }),
    });
    await register(user);
    expect(await toastText()).toBe('Error en el registro — Revisa los datos del formulario.');
    expect(await screen.findByText('Esta contraseña es de las más usadas. Elige otra más difícil de adivinar.')).toBeTruthy();
  });
});

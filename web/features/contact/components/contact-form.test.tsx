/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, toastText } from '#web/test/render.tsx';
import { ContactForm } from './contact-form.tsx';

async function fillIn(user: UserEvent) {
  await user.type(screen.getByLabelText(/Nombre y apellidos/), 'Amina Benali');
  await user.type(screen.getByLabelText(/^Email/), 'amina@example.com');
  await user.type(screen.getByLabelText(/Mensaje/), 'Quiero renovar mi permiso de residencia.');
  await user.click(screen.getByRole('checkbox', { name: /política de privacidad/ }));
  await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
}

describe('the contact form', () => {
  it('says under each required field what is missing, and sends nothing', async () => {
    const { requests, user } = await renderPage(<ContactForm />);
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findAllByText('Este campo es obligatorio')).toHaveLength(3);
    expect(screen.getByLabelText(/Nombre y apellidos/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Debes aceptar la política de privacidad para continuar.')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('refuses an e-mail and a phone that are not ones', async () => {
    const { user } = await renderPage(<ContactForm />);
    await user.type(screen.getByLabelText(/^Email/), 'amina@');
    await user.type(screen.getByLabelText(/Teléfono/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByText('Introduce un email válido.')).toBeTruthy();
    expect(screen.getByText('Introduce un número de teléfono válido.')).toBeTruthy();
  });

  it('tells a refusal with the server’s reason after its own sentence', async () => {
    const { requests, user } = await renderPage(<ContactForm />, {
      answer: () => ({ status: 429, body: { code: 'rateLimited', message: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.' } }),
    });
    await fillIn(user);
    expect(await toastText()).toBe(
      'Error al enviar la solicitud — Por favor, inténtalo de nuevo más tarde. Demasiados intentos. Espera un momento y vuelve a intentarlo.',
    );
    expect(requests).toHaveLength(1);
  });

  it('tells a failure of the server with its own sentence alone, and keeps what was typed', async () => {
    const { user } = await renderPage(<ContactForm />, { answer: () => ({ status: 500, body: { code: 'internal', message: 'Algo ha fallado. Por favor, inténtalo de nuevo más tarde.' } }) });
    await fillIn(user);
    expect(await toastText()).toBe('Error al enviar la solicitud — Por favor, inténtalo de nuevo más tarde.');
    expect(screen.getByLabelText(/Nombre y apellidos/)).toHaveProperty('value', 'Amina Benali');
  });

  it('puts the server’s message for a field under that field', async () => {
    const { user } = await renderPage(<ContactForm />, {
      answer: () => ({ status: 400, body: { code: 'validation', message: 'Revisa los datos del formulario.', issues: [{ path: 'email', message: 'Introduce un email válido.' }] } }),
    });
    await fillIn(user);
    expect(await toastText()).toBe('Error al enviar la solicitud — Por favor, inténtalo de nuevo más tarde. Revisa los datos del formulario.');
    expect(await screen.findByText('Introduce un email válido.')).toBeTruthy();
  });

  it('says it was sent and empties the form', async () => {
    const { requests, user } = await renderPage(<ContactForm />, { answer: () => ({ status: 201, body: { id: 'x' } }) });
    await fillIn(user);
    expect(await toastText()).toBe('¡Solicitud enviada! — Gracias por contactarnos. Te responderemos pronto.');
    expect(await requests[0]?.json()).toMatchObject({ name: 'Amina Benali', email: 'amina@example.com', privacy: true });
    expect(screen.getByLabelText(/Nombre y apellidos/)).toHaveProperty('value', '');
  });
});

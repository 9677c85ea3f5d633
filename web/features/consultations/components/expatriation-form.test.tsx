/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, toastText } from '#web/test/render.tsx';
import { ExpatriationForm } from './expatriation-form.tsx';

async function fillIn(user: UserEvent) {
  await user.type(screen.getByLabelText(/Nombre y apellidos/), 'Claire Martin');
  await user.type(screen.getByLabelText(/^Email/), 'claire@example.fr');
  await user.click(screen.getByRole('checkbox', { name: /política de privacidad/ }));
  await user.click(screen.getByRole('button', { name: 'Enviar consulta' }));
}

describe('the expatriation form', () => {
  it('asks for the name, the e-mail and the consent, and sends nothing', async () => {
    const { requests, user } = await renderPage(<ExpatriationForm />);
    await user.click(screen.getByRole('button', { name: 'Enviar consulta' }));
    expect(await screen.findAllByText('Este campo es obligatorio')).toHaveLength(2);
    expect(screen.getByText('Debes aceptar la política de privacidad.')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('refuses a phone without its international prefix', async () => {
    const { user } = await renderPage(<ExpatriationForm />);
    await user.type(screen.getByLabelText(/Teléfono/), '612');
    await user.click(screen.getByRole('button', { name: 'Enviar consulta' }));
    expect(await screen.findByText('Introduce un número de teléfono válido.')).toBeTruthy();
  });

  it('tells a refusal with its sentence and the server’s reason', async () => {
    const { user } = await renderPage(<ExpatriationForm />, {
      answer: () => ({ status: 429, body: { code: 'rateLimited', message: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.' } }),
    });
    await fillIn(user);
    expect(await toastText()).toBe('Error — Hubo un error al enviar la consulta. Demasiados intentos. Espera un momento y vuelve a intentarlo.');
  });

  it('tells a failure of the server with its sentence alone', async () => {
    const { user } = await renderPage(<ExpatriationForm />, { answer: () => ({ status: 500, body: { code: 'internal', message: 'Algo ha fallado. Por favor, inténtalo de nuevo más tarde.' } }) });
    await fillIn(user);
    expect(await toastText()).toBe('Error — Hubo un error al enviar la consulta.');
  });

  it('says it was sent', async () => {
    const { user, requests } = await renderPage(<ExpatriationForm />, { answer: () => ({ status: 201, body: { id: 'x' } }) });
    await fillIn(user);
    expect(await toastText()).toBe('Consulta enviada — Hemos recibido tu consulta. Te responderemos en un plazo de 24-48 horas laborables.');
    expect(await requests[0]?.json()).toMatchObject({ name: 'Claire Martin', email: 'claire@example.fr', privacy: true });
  });
});

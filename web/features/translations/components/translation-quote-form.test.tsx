/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, toastText } from '#web/test/render.tsx';
import { TranslationQuoteForm } from './translation-quote-form.tsx';

async function fillIn(user: UserEvent) {
  await user.type(screen.getByLabelText(/Nombre y apellidos/), 'Amina Benali');
  await user.type(screen.getByLabelText(/Teléfono/), '+34600123456');
  await user.type(screen.getByLabelText(/^Email/), 'amina@example.com');
  await user.click(screen.getByRole('checkbox', { name: /política de privacidad/ }));
  await user.click(screen.getByRole('button', { name: 'Solicitar presupuesto' }));
}

describe('the translation quote form', () => {
  it('asks for the name, the phone, the e-mail and the consent, and sends nothing', async () => {
    const { requests, user } = await renderPage(<TranslationQuoteForm />);
    await user.click(screen.getByRole('button', { name: 'Solicitar presupuesto' }));
    expect(await screen.findAllByText('Este campo es obligatorio')).toHaveLength(3);
    expect(screen.getByText('Debes aceptar la política de privacidad.')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('refuses an e-mail that is not one', async () => {
    const { user } = await renderPage(<TranslationQuoteForm />);
    await user.type(screen.getByLabelText(/^Email/), 'amina.example.com');
    await user.click(screen.getByRole('button', { name: 'Solicitar presupuesto' }));
    expect(await screen.findByText('Introduce un email válido.')).toBeTruthy();
  });

  it('tells a refusal of the documents in the toast and under the documents', async () => {
    const { user } = await renderPage(<TranslationQuoteForm />, {
      answer: () => ({ status: 415, body: { code: 'unsupportedMediaType', message: 'Tipo de contenido no admitido.' } }),
    });
    await fillIn(user);
    expect(await toastText()).toBe(
      'Error al enviar — No hemos podido enviar tu solicitud. Revisa los campos e inténtalo de nuevo. Tipo de contenido no admitido.',
    );
    expect(await screen.findByText('Tipo de contenido no admitido.', { selector: '[role="alert"]' })).toBeTruthy();
  });

  it('says it was sent and empties the form', async () => {
    const { user } = await renderPage(<TranslationQuoteForm />, { answer: () => ({ status: 201, body: { id: 'x' } }) });
    await fillIn(user);
    expect(await toastText()).toBe('Solicitud enviada — Hemos recibido tu solicitud. Te enviaremos el presupuesto en 24/48h.');
    expect(screen.getByLabelText(/Nombre y apellidos/)).toHaveProperty('value', '');
  });
});

/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, toastText } from '#web/test/render.tsx';
import { TranslationRequestForm } from './translation-request-form.tsx';

async function fillIn(user: UserEvent, text: string) {
  await user.type(screen.getByLabelText(/Nombre y apellidos/), 'Amina Benali');
  await user.type(screen.getByLabelText(/^Email/), 'amina@example.com');
  await user.type(screen.getByLabelText(/Teléfono/), '+34600123456');
  await user.selectOptions(screen.getByLabelText(/Idioma de origen/), 'fr');
  await user.selectOptions(screen.getByLabelText(/Idioma de destino/), 'es');
  if (text) await user.type(screen.getByLabelText(/Texto a traducir/), text);
  await user.click(screen.getByRole('checkbox', { name: /política de privacidad/ }));
  await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
}

describe('the translation request form', () => {
  it('asks for every required field, and sends nothing', async () => {
    const { requests, user } = await renderPage(<TranslationRequestForm />);
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findAllByText('Este campo es obligatorio')).toHaveLength(5);
    expect(requests).toHaveLength(0);
  });

  it('asks for a text or a document before sending', async () => {
    const { requests, user } = await renderPage(<TranslationRequestForm />);
    await fillIn(user, '');
    expect(await toastText()).toBe('Información incompleta — Por favor, pega el texto a traducir o sube un documento.');
    expect(requests).toHaveLength(0);
  });

  it('titles a failure of the server with the form’s words and the server’s reason', async () => {
    const { user } = await renderPage(<TranslationRequestForm />, {
      answer: () => ({ status: 429, body: { code: 'rateLimited', message: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.' } }),
    });
    await fillIn(user, 'Hola');
    expect(await toastText()).toBe('Error al enviar la solicitud — Demasiados intentos. Espera un momento y vuelve a intentarlo.');
  });

  it('titles a refused document as an upload failure, also under the document', async () => {
    const { user } = await renderPage(<TranslationRequestForm />, {
      answer: () => ({ status: 413, body: { code: 'payloadTooLarge', message: 'El envío es demasiado grande.' } }),
    });
    await fillIn(user, 'Hola');
    expect(await toastText()).toBe('Error al subir el documento — El envío es demasiado grande.');
    expect(await screen.findByText('El envío es demasiado grande.', { selector: '[role="alert"]' })).toBeTruthy();
  });
});

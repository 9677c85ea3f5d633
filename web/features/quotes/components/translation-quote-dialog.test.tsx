/** @vitest-environment happy-dom */
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { firmDay } from '#common/dates.ts';
import { renderPage, toastText } from '#web/test/render.tsx';
import { TranslationQuoteDialog } from './translation-quote-dialog.tsx';

// A sworn translation from Arabic into Spanish; a request whose language the quote cannot name leaves it to choose.
const request = { id: 't1', name: 'Amina Benali', email: 'amina@example.com', sourceLanguage: 'ar', destinationLanguage: 'es', isSworn: true };

async function open(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Enviar presupuesto a Amina Benali' }));
  return within(await screen.findByRole('dialog'));
}

// happy-dom leaves a select on its first option when the form gives it another as its default (in
// Chromium the dialog starts on the request's languages: e2e/translation-quote.spec.ts), so the
// tests choose the languages as a person would.
async function languages(dialog: ReturnType<typeof within>, user: UserEvent, from: string, into: string) {
  await user.selectOptions(dialog.getByLabelText(/^Idioma de origen/), from);
  await user.selectOptions(dialog.getByLabelText(/^Idioma de destino/), into);
}

async function offer(user: UserEvent) {
  const dialog = await open(user);
  await languages(dialog, user, 'ar', 'es');
  await user.clear(dialog.getByLabelText(/^Cantidad/));
  await user.type(dialog.getByLabelText(/^Cantidad/), '3');
  await user.type(dialog.getByLabelText(/^Precio/), '120');
  await user.type(dialog.getByLabelText(/^Qué incluye/), 'Traducción jurada de tres páginas, con su envío.');
  await user.click(dialog.getByRole('button', { name: 'Enviar' }));
  return dialog;
}

describe('the quote for a translation', () => {
  it('asks for the languages, a quantity, a price and what it includes, and sends nothing', async () => {
    const { requests, user } = await renderPage(<TranslationQuoteDialog request={{ ...request, sourceLanguage: 'tl' }} />);
    const dialog = await open(user);
    await user.selectOptions(dialog.getByLabelText(/^Idioma de destino/), 'es');
    await user.clear(dialog.getByLabelText(/^Cantidad/));
    await user.type(dialog.getByLabelText(/^Cantidad/), '0');
    await user.click(dialog.getByRole('button', { name: 'Enviar' }));
    expect(await dialog.findByText('Escribe un número entero mayor que cero.')).toBeTruthy();
    expect(dialog.getByText('Escribe un precio en euros, por ejemplo 150 o 150,50.')).toBeTruthy();
    expect(dialog.getAllByText('Este campo es obligatorio')).toHaveLength(2);
    expect(dialog.getByLabelText(/^Idioma de origen/).getAttribute('aria-invalid')).toBe('true');
    expect(requests).toHaveLength(0);
  });

  it('refuses a translation into the language it is from', async () => {
    const { requests, user } = await renderPage(<TranslationQuoteDialog request={request} />);
    const dialog = await open(user);
    await languages(dialog, user, 'ar', 'ar');
    // The contract compares the languages once the rest of the quote is right.
    await user.type(dialog.getByLabelText(/^Precio/), '120');
    await user.type(dialog.getByLabelText(/^Qué incluye/), 'Traducción jurada de tres páginas.');
    await user.click(dialog.getByRole('button', { name: 'Enviar' }));
    expect(await dialog.findByText('El idioma de destino debe ser distinto del de origen.')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('tells a refusal with the server’s reason', async () => {
    const { user } = await renderPage(<TranslationQuoteDialog request={request} />, {
      answer: () => ({ status: 409, body: { code: 'conflict', message: 'Esta solicitud ya tiene un presupuesto.' } }),
    });
    await offer(user);
    expect(await toastText()).toBe('No se pudo enviar el presupuesto — Esta solicitud ya tiene un presupuesto.');
  });

  it('puts the server’s message for the last day under it', async () => {
    const { user } = await renderPage(<TranslationQuoteDialog request={request} />, {
      answer: () => ({
        status: 400,
        body: { code: 'validation', message: 'Revisa los datos del formulario.', issues: [{ path: 'validUntil', message: 'La fecha de validez no puede ser anterior a hoy.' }] },
      }),
    });
    const dialog = await offer(user);
    expect(await dialog.findByText('La fecha de validez no puede ser anterior a hoy.')).toBeTruthy();
    expect(await toastText()).toBe('No se pudo enviar el presupuesto — Revisa los datos del formulario.');
  });

  it('sends the job, its price and its text', async () => {
    const { requests, user } = await renderPage(<TranslationQuoteDialog request={request} />, { answer: () => ({ status: 201, body: { id: 'q1' } }) });
    await offer(user);
    expect(await toastText()).toBe('Presupuesto enviado a amina@example.com');
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/api/admin/translation-requests/t1/quotes');
    expect(await requests[0]?.json()).toEqual({
      priceCents: 12000,
      validUntil: firmDay(new Date(Date.now() + 15 * 24 * 60 * 60 * 1000)),
      message: 'Traducción jurada de tres páginas, con su envío.',
      language: 'es',
      unit: 'pages',
      quantity: 3,
      sourceLanguage: 'ar',
      targetLanguage: 'es',
      urgency: 'standard',
      isSworn: true,
    });
  });
});

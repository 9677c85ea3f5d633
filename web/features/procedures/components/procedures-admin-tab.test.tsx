/** @vitest-environment happy-dom */
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, toastText, type ApiAnswer } from '#web/test/render.tsx';
import { ProceduresAdminTab } from './procedures-admin-tab.tsx';

/** No procedure yet, one case service to attach one to; `write` answers the new procedure. */
const api =
  (write: ApiAnswer) =>
  (request: Request): ApiAnswer => {
    if (request.method !== 'GET') return write;
    if (new URL(request.url).pathname === '/api/admin/procedure-services') return { status: 200, body: [{ id: 'renewals-appeals', title: 'Renovaciones y recursos' }] };
    return { status: 200, body: { items: [], total: 0, page: 1, pageSize: 50 } };
  };
const writes = (requests: Request[]) => requests.filter((request) => request.method !== 'GET');

async function open(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Nuevo trámite' }));
  return within(await screen.findByRole('dialog'));
}

const words = { es: 'Pasaporte', en: 'Passport', fr: 'Passeport' };
const said = { es: 'Todas las páginas.', en: 'Every page.', fr: 'Toutes les pages.' };
const names = { es: 'Español', en: 'Inglés', fr: 'Francés' } as const;

async function fillIn(dialog: ReturnType<typeof within>, user: UserEvent) {
  for (const language of ['es', 'en', 'fr'] as const) {
    await user.type(dialog.getByLabelText(new RegExp(`^Nombre \\(${names[language]}\\)`)), `Renovación ${language}`);
    await user.type(dialog.getByLabelText(new RegExp(`^Documento \\(${names[language]}\\)`)), words[language]);
    await user.type(dialog.getByLabelText(new RegExp(`^Explicación para el cliente \\(${names[language]}\\)`)), said[language]);
  }
  await user.selectOptions(await dialog.findByLabelText(/^Servicio del catálogo/), 'renewals-appeals');
  await user.type(dialog.getByLabelText(/^Válido durante/), '6');
  await user.click(dialog.getByRole('button', { name: 'Guardar trámite' }));
}

describe('a new procedure of the back office', () => {
  it('asks for its name and its document in the three languages, and sends nothing', async () => {
    const { requests, user } = await renderPage(<ProceduresAdminTab />, { path: '/admin', answer: api({ status: 500 }) });
    const dialog = await open(user);
    await user.type(dialog.getByLabelText(/^Válido durante/), '0');
    await user.click(dialog.getByRole('button', { name: 'Guardar trámite' }));
    expect(await dialog.findAllByText('Este campo es obligatorio')).toHaveLength(9);
    expect(dialog.getByText('Valor no válido.')).toBeTruthy();
    expect(dialog.getByLabelText(/^Nombre \(Español\)/).getAttribute('aria-invalid')).toBe('true');
    expect(writes(requests)).toHaveLength(0);
  });

  it('tells a refusal with the server’s reason, and keeps the form', async () => {
    const { user } = await renderPage(<ProceduresAdminTab />, {
      path: '/admin',
      answer: api({ status: 400, body: { code: 'validation', message: 'Elige un servicio de expediente del catálogo.' } }),
    });
    const dialog = await open(user);
    await fillIn(dialog, user);
    expect(await toastText()).toBe('No se pudo guardar el trámite — Elige un servicio de expediente del catálogo.');
    expect(dialog.getByLabelText(/^Nombre \(Español\)/)).toHaveProperty('value', 'Renovación es');
  });

  it('sends its names, its service and its checklist', async () => {
    const { requests, user } = await renderPage(<ProceduresAdminTab />, { path: '/admin', answer: api({ status: 201, body: { id: 'p1' } }) });
    const dialog = await open(user);
    await fillIn(dialog, user);
    expect(await toastText()).toBe('Trámite guardado');
    const [save] = writes(requests);
    expect(save?.method).toBe('POST');
    expect(new URL(save?.url ?? '').pathname).toBe('/api/admin/procedures');
    expect(await save?.json()).toEqual({
      title: { es: 'Renovación es', en: 'Renovación en', fr: 'Renovación fr' },
      serviceId: 'renewals-appeals',
      isDefault: false,
      items: [{ title: words, explanation: said, isApostilleRequired: false, isSwornTranslationRequired: false, validityMonths: 6, isPerFamilyMember: false }],
    });
  });
});

/** @vitest-environment happy-dom */
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serviceInputOf, type AdminService } from '#common/services/services.admin.contract.ts';
import { renderPage, toastText, type ApiAnswer } from '#web/test/render.tsx';
import { ServicesAdminTab } from './services-admin-tab.tsx';

const texts = (title: string) => ({ title, description: `${title}: lo que hacemos.`, priceDetails: 'IVA incluido', features: ['Estudio del caso'] });
const service = {
  id: 'renewals-appeals',
  kind: 'case',
  priceCents: 15000,
  currency: 'EUR',
  isFromPrice: false,
  sortOrder: 3,
  isOffered: true,
  governmentFee: 'separate',
  excludedCosts: [],
  familyMembers: 'alongside',
  durationMinWeeks: null,
  durationMaxWeeks: null,
  texts: { es: texts('Renovaciones y recursos'), en: texts('Renewals and appeals'), fr: texts('Renouvellements et recours') },
};

/** The tab's table of one service; `write` answers its saving. */
const api =
  (write: ApiAnswer) =>
  (request: Request): ApiAnswer =>
    request.method === 'GET' ? { status: 200, body: { items: [service], total: 1, page: 1, pageSize: 50 } } : write;

const writes = (requests: Request[]) => requests.filter((request) => request.method !== 'GET');

async function open(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Editar «Renovaciones y recursos»' }));
  return within(await screen.findByRole('dialog'));
}

describe('the service form of the back office', () => {
  it('refuses a price that is no amount and an empty title, and sends nothing', async () => {
    const { requests, user } = await renderPage(<ServicesAdminTab />, { path: '/admin', answer: api({ status: 500 }) });
    const dialog = await open(user);
    await user.clear(dialog.getByLabelText(/^Precio en euros/));
    await user.type(dialog.getByLabelText(/^Precio en euros/), 'ciento cincuenta');
    await user.clear(dialog.getByLabelText(/^Título \(español\)/));
    await user.click(dialog.getByRole('button', { name: 'Guardar servicio' }));
    expect(await dialog.findByText('Escribe un importe en euros, por ejemplo 150 o 150,50.')).toBeTruthy();
    expect(dialog.getByText('Este campo es obligatorio')).toBeTruthy();
    expect(dialog.getByLabelText(/^Título \(español\)/).getAttribute('aria-invalid')).toBe('true');
    expect(writes(requests)).toHaveLength(0);
  });

  it('asks for an amount for a «from» price', async () => {
    const { requests, user } = await renderPage(<ServicesAdminTab />, { path: '/admin', answer: api({ status: 500 }) });
    const dialog = await open(user);
    await user.clear(dialog.getByLabelText(/^Precio en euros/));
    await user.click(dialog.getByRole('checkbox', { name: /^Es un precio «desde»/ }));
    await user.click(dialog.getByRole('button', { name: 'Guardar servicio' }));
    expect(await dialog.findByText('Un precio «desde» necesita un importe.')).toBeTruthy();
    expect(writes(requests)).toHaveLength(0);
  });

  it('puts the server’s message for a field under that field, and says why in the toast', async () => {
    const { user } = await renderPage(<ServicesAdminTab />, {
      path: '/admin',
      answer: api({ status: 400, body: { code: 'validation', message: 'Revisa los datos del formulario.', issues: [{ path: 'texts.en.title', message: 'El texto es demasiado largo.' }] } }),
    });
    const dialog = await open(user);
    await user.click(dialog.getByRole('button', { name: 'Guardar servicio' }));
    expect(await toastText()).toBe('No se pudo guardar el servicio — Revisa los datos del formulario.');
    expect(await dialog.findByText('El texto es demasiado largo.')).toBeTruthy();
    expect(dialog.getByLabelText(/^Título \(inglés\)/).getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the new price with the rest of the service', async () => {
    const { requests, user } = await renderPage(<ServicesAdminTab />, { path: '/admin', answer: api({ status: 200, body: service }) });
    const dialog = await open(user);
    await user.clear(dialog.getByLabelText(/^Precio en euros/));
    await user.type(dialog.getByLabelText(/^Precio en euros/), '180,50');
    await user.click(dialog.getByRole('button', { name: 'Guardar servicio' }));
    expect(await toastText()).toBe('Servicio guardado');
    const [save] = writes(requests);
    expect(save?.method).toBe('PUT');
    expect(new URL(save?.url ?? '').pathname).toBe('/api/admin/services/renewals-appeals');
    expect(await save?.json()).toEqual({ ...serviceInputOf(service as AdminService), priceCents: 18050 });
  });

  it('sends what the price includes, the relatives and the duration as they are set, the excluded costs in their order', async () => {
    const { requests, user } = await renderPage(<ServicesAdminTab />, { path: '/admin', answer: api({ status: 200, body: service }) });
    const dialog = await open(user);
    await user.selectOptions(dialog.getByLabelText(/^Tasa de la Administración de la solicitud/), 'Incluida en el precio');
    await user.click(dialog.getByRole('checkbox', { name: 'Traducciones juradas' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Tasa consular del visado' }));
    await user.selectOptions(dialog.getByLabelText(/^Familiares al contratar/), 'Los familiares son las personas para quienes es el trámite (reagrupación)');
    await user.type(dialog.getByLabelText(/^Duración habitual: desde/), '12');
    await user.click(dialog.getByRole('button', { name: 'Guardar servicio' }));
    // Only one of the two weeks: nothing is sent until both are given.
    expect(await dialog.findByText('Indica las dos semanas, desde y hasta, o ninguna.')).toBeTruthy();
    expect(writes(requests)).toHaveLength(0);
    await user.type(dialog.getByLabelText(/^Duración habitual: hasta/), '26');
    await user.click(dialog.getByRole('button', { name: 'Guardar servicio' }));
    expect(await toastText()).toBe('Servicio guardado');
    expect(await writes(requests)[0]?.json()).toMatchObject({
      governmentFee: 'included',
      excludedCosts: ['consularFee', 'swornTranslations'],
      familyMembers: 'subjects',
      durationMinWeeks: 12,
      durationMaxWeeks: 26,
    });
  });
});

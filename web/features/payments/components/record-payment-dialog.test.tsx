/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paidOnBounds } from '#common/payments/payments.admin.contract.ts';
import { renderPage, toastText, type ApiAnswer } from '#web/test/render.tsx';
import { RecordPaymentDialog } from './record-payment-dialog.tsx';

const offer = { id: 'renovaciones', kind: 'case', title: 'Renovaciones y recursos', priceCents: 15000, isFromPrice: false, creditedCents: 0, currency: 'EUR' };
const amina = { id: 'u1', firstName: 'Amina', lastName: 'Benali', email: 'amina@example.com' };

/** The offers and the accounts the dialog reads; `write` answers the payment. */
function api(write: ApiAnswer) {
  return (request: Request): ApiAnswer => {
    const path = new URL(request.url).pathname;
    if (path === '/api/admin/payments/offers') return { status: 200, body: [offer] };
    if (path === '/api/admin/clients') return { status: 200, body: { items: [amina], total: 1, page: 1, pageSize: 20 } };
    return write;
  };
}
const posts = (requests: Request[]) => requests.filter((request) => request.method === 'POST');

async function open(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Registrar pago' }));
  await screen.findByRole('option', { name: 'Renovaciones y recursos' });
}

async function newClient(user: UserEvent, email: string) {
  await user.click(screen.getByRole('radio', { name: 'Cliente nuevo' }));
  await user.type(screen.getByLabelText(/^Nombre/), 'Amina');
  await user.type(screen.getByLabelText(/^Apellidos/), 'Benali');
  await user.type(screen.getByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Teléfono/), '+34 600 000 000');
  await user.selectOptions(screen.getByLabelText(/^Servicio/), 'renovaciones');
}

describe('recording a payment taken by hand', () => {
  it('asks for a client and a service, and sends nothing', async () => {
    const { requests, user } = await renderPage(<RecordPaymentDialog />, { answer: api({ status: 500 }) });
    await open(user);
    await user.click(screen.getAllByRole('button', { name: 'Registrar pago' }).at(-1) as HTMLElement);
    expect(await screen.findByText('Elige un cliente o escribe los datos del nuevo.')).toBeTruthy();
    expect(screen.getByText('Elige un servicio del catálogo.')).toBeTruthy();
    expect(posts(requests)).toHaveLength(0);
  });

  it('refuses a new client without a name or with an e-mail that is not one', async () => {
    const { requests, user } = await renderPage(<RecordPaymentDialog />, { answer: api({ status: 500 }) });
    await open(user);
    await user.click(screen.getByRole('radio', { name: 'Cliente nuevo' }));
    await user.type(screen.getByLabelText(/^Email/), 'amina@');
    await user.click(screen.getAllByRole('button', { name: 'Registrar pago' }).at(-1) as HTMLElement);
    expect(await screen.findByText('Introduce un email válido.')).toBeTruthy();
    expect(screen.getAllByText('Este campo es obligatorio').length).toBeGreaterThanOrEqual(2);
    expect(posts(requests)).toHaveLength(0);
  });

  it('puts the server’s message for the new client’s e-mail under it', async () => {
    const taken = 'Ya hay una cuenta con este email: búscala como cliente existente.';
    const { user } = await renderPage(<RecordPaymentDialog />, {
      answer: api({ status: 409, body: { code: 'conflict', message: taken, issues: [{ path: 'client.email', message: taken }] } }),
    });
    await open(user);
    await newClient(user, 'amina@example.com');
    await user.click(screen.getAllByRole('button', { name: 'Registrar pago' }).at(-1) as HTMLElement);
    expect(await toastText()).toBe(`No se pudo registrar el pago — ${taken}`);
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the chosen client, the service and how and when it was paid', async () => {
    const { requests, user } = await renderPage(<RecordPaymentDialog />, {
      answer: api({ status: 201, body: { paymentId: '00000000-0000-4000-8000-000000000001', invoice: { number: 'F-2026-0007' } } }),
    });
    await open(user);
    await user.type(screen.getByLabelText(/^Buscar por email o nombre/), 'amina');
    await user.click(await screen.findByRole('button', { name: 'Elegir a Amina Benali (amina@example.com)' }));
    await user.selectOptions(screen.getByLabelText(/^Servicio/), 'renovaciones');
    await user.type(screen.getByLabelText(/^Referencia/), 'TR-1234');
    await user.click(screen.getAllByRole('button', { name: 'Registrar pago' }).at(-1) as HTMLElement);
    expect(await toastText()).toBe('Pago registrado: factura F-2026-0007.');
    const [payment] = posts(requests);
    expect(new URL(payment?.url ?? '').pathname).toBe('/api/admin/payments');
    expect(await payment?.json()).toEqual({
      client: { kind: 'existing', userId: 'u1' },
      serviceId: 'renovaciones',
      amountCents: null,
      method: 'bank_transfer',
      paidOn: paidOnBounds(new Date()).latest,
      reference: 'TR-1234',
    });
  });
});

/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminPaymentRow } from '#common/payments/payments.contract.ts';
import { renderPage, toastText } from '#web/test/render.tsx';
import { RefundDialog } from './refund-dialog.tsx';

// A payment taken by hand that opened a case, with 50 € of its 150 € already given back.
const payment = {
  id: 'p1',
  serviceTitle: 'Renovaciones y recursos',
  amountCents: 15000,
  refundedCents: 5000,
  currency: 'EUR',
  provider: 'offline',
  caseId: 42,
  consultationId: null,
  client: { name: 'Amina Benali', email: 'amina@example.com' },
} as unknown as AdminPaymentRow;

async function open(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Reembolsar el pago de Amina Benali' }));
  await screen.findByRole('button', { name: 'Revisar' });
}

async function review(user: UserEvent) {
  await open(user);
  await user.type(screen.getByLabelText(/^Motivo/), 'El cliente desiste del encargo.');
  await user.click(screen.getByRole('radio', { name: /^Mantenerlo abierto/ }));
  await user.click(screen.getByRole('button', { name: 'Revisar' }));
  await user.click(await screen.findByRole('button', { name: 'Sí, reembolsar' }));
}

describe('refunding a payment', () => {
  it('asks for an amount, a reason and what becomes of the case, and sends nothing', async () => {
    const { requests, user } = await renderPage(<RefundDialog payment={payment} />);
    await open(user);
    await user.clear(screen.getByLabelText(/^Importe a devolver/));
    await user.type(screen.getByLabelText(/^Importe a devolver/), 'cien');
    await user.click(screen.getByRole('button', { name: 'Revisar' }));
    expect(await screen.findByText('Escribe un importe en euros, por ejemplo 150 o 150,50.')).toBeTruthy();
    expect(screen.getByText('Este campo es obligatorio')).toBeTruthy();
    expect(screen.getByText('Elige qué pasa con lo que abrió el pago.')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('puts the server’s message for the amount under it, back on the form', async () => {
    const { user } = await renderPage(<RefundDialog payment={payment} />, {
      answer: () => ({ status: 400, body: { code: 'validation', message: 'Revisa los datos del formulario.', issues: [{ path: 'amountCents', message: 'Como mucho 100,00 €.' }] } }),
    });
    await review(user);
    expect(await toastText()).toBe('No se pudo hacer el reembolso — Revisa los datos del formulario.');
    expect(await screen.findByText('Como mucho 100,00 €.')).toBeTruthy();
    expect(screen.getByLabelText(/^Motivo/)).toHaveProperty('value', 'El cliente desiste del encargo.');
  });

  it('tells a refusal with the server’s reason', async () => {
    const { user } = await renderPage(<RefundDialog payment={payment} />, {
      answer: () => ({ status: 409, body: { code: 'conflict', message: 'Este pago ya está reembolsado.' } }),
    });
    await review(user);
    expect(await toastText()).toBe('No se pudo hacer el reembolso — Este pago ya está reembolsado.');
  });

  it('sends what remains, the reason and the case’s fate once confirmed', async () => {
    const { requests, user } = await renderPage(<RefundDialog payment={payment} />, { answer: () => ({ status: 201, body: { invoice: { number: 'R-2026-0001' } } }) });
    await review(user);
    expect(await toastText()).toBe('Reembolso hecho: factura rectificativa R-2026-0001.');
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/api/admin/payments/p1/refunds');
    expect(await requests[0]?.json()).toEqual({ amountCents: 10000, reason: 'El cliente desiste del encargo.', outcome: 'keep_open' });
  });
});

/** @vitest-environment happy-dom */
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CaseIdentification } from '#common/aml/aml.contract.ts';
import { renderPage, toastText, type ApiAnswer } from '#web/test/render.tsx';
import { IdentificationRequests } from './identification-requests.tsx';

const required: CaseIdentification = { caseId: 12, status: 'required', submissions: [] };
const pdf = () => new File(['%PDF-1.4'], 'pasaporte.pdf', { type: 'application/pdf' });

/** The files chosen in the native picker. */
function choose(...files: File[]) {
  const input = screen.getByLabelText(/^Copia del documento/);
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  fireEvent.change(input);
}

/** The panel's list, then what the submission answers. */
const answers =
  (list: CaseIdentification[], submitted: ApiAnswer = { status: 201, body: { ...required, status: 'submitted' } }) =>
  (request: Request): ApiAnswer =>
    request.method === 'POST' ? submitted : { status: 200, body: list };

describe('the identification a property case asks of its client (Ley 10/2010)', () => {
  it('shows nothing to a client with no such case', async () => {
    const { container } = await renderPage(<IdentificationRequests />, { answer: answers([]) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.textContent).toBe('');
  });

  it('says why it is asked and kept, and sends the form with the document, the fields first', async () => {
    const { requests, user } = await renderPage(<IdentificationRequests />, { answer: answers([required]) });
    expect(await screen.findByRole('heading', { name: 'Tu identificación para la compraventa' })).toBeTruthy();
    expect(screen.getByText(/Ley 10\/2010/)).toBeTruthy();
    expect(screen.getByText(/10 años desde que termine nuestra relación, también si eliminas tu cuenta/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Enviar mi identificación' }));
    expect(await screen.findAllByRole('alert')).toHaveLength(4);
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Nombre y apellidos/), 'Amina Diallo');
    await user.type(screen.getByLabelText(/^Número del documento/), 'XK1234567');
    await user.type(screen.getByLabelText(/^Origen de los fondos/), 'Ahorros de mi trabajo');
    await user.type(screen.getByLabelText(/^Finalidad de la operación/), 'Vivienda habitual');
    await user.click(screen.getByRole('button', { name: 'Enviar mi identificación' }));
    expect(await toastText()).toBe('Adjunta una copia de tu documento de identidad');
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    choose(pdf());
    await user.click(screen.getByRole('button', { name: 'Enviar mi identificación' }));
    expect(await toastText()).toBe('Identificación enviada — El despacho la revisará antes de empezar el trabajo.');
    const sent = requests.find((request) => request.method === 'POST');
    expect(sent?.url).toMatch(/\/api\/cases\/12\/identification$/);
    const form = await sent?.formData();
    expect([...(form?.keys() ?? [])]).toEqual(['fullName', 'documentKind', 'documentNumber', 'fundsOrigin', 'purpose', 'document']);
    expect(form?.get('documentKind')).toBe('passport');
  });

  it('shows the firm’s reason when it asks again, with the form', async () => {
    const returned: CaseIdentification = {
      caseId: 12,
      status: 'returned',
      submissions: [
        {
          id: '6f1c1a8e-5d0c-4b8e-9a51-2f1d3c4b5a60',
          caseId: 12,
          status: 'returned',
          fullName: 'Amina Diallo',
          documentKind: 'passport',
          documentNumber: 'XK1234567',
          fundsOrigin: 'Ahorros',
          purpose: 'Vivienda habitual',
          files: [],
          reviewNote: 'La foto no se lee.',
          reviewedAt: '2026-11-29T10:00:00.000Z',
          createdAt: '2026-11-29T09:00:00.000Z',
        },
      ],
    };
    await renderPage(<IdentificationRequests />, { answer: answers([returned]) });
    expect(await screen.findByText('El despacho te pide de nuevo la identificación: La foto no se lee.')).toBeTruthy();
    expect(screen.getByText('Te la pedimos de nuevo')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar mi identificación' })).toBeTruthy();
  });
});

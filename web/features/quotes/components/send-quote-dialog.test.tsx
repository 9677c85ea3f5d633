/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminQuoteRow } from '#common/quotes/quotes.contract.ts';
import { renderPage, toastText } from '#web/test/render.tsx';
import { SendQuoteDialog } from './send-quote-dialog.tsx';

// The dialog reads the quote's id, its service's title and its client.
const quote = { id: 'q1', title: 'Renovaciones y recursos', client: { name: 'Amina Benali', email: 'amina@example.com' } } as unknown as AdminQuoteRow;

async function open(user: Awaited<ReturnType<typeof renderPage>>['user']) {
  await user.click(screen.getByRole('button', { name: 'Enviar presupuesto a Amina Benali' }));
  await screen.findByRole('button', { name: 'Enviar' });
}

describe('sending a quote', () => {
  it('asks for a price and what it includes, and sends nothing', async () => {
    const { requests, user } = await renderPage(<SendQuoteDialog quote={quote} />);
    await open(user);
    await user.type(screen.getByLabelText(/^Precio/), 'ciento cincuenta');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Escribe un precio en euros, por ejemplo 150 o 150,50.')).toBeTruthy();
    expect(screen.getByText('Este campo es obligatorio')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('tells a refusal with the server’s reason', async () => {
    const { user } = await renderPage(<SendQuoteDialog quote={quote} />, {
      answer: () => ({ status: 409, body: { code: 'conflict', message: 'Este presupuesto ya se envió.' } }),
    });
    await open(user);
    await user.type(screen.getByLabelText(/^Precio/), '150');
    await user.type(screen.getByLabelText(/^Qué incluye/), 'El recurso de reposición y su seguimiento.');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await toastText()).toBe('No se pudo enviar el presupuesto — Este presupuesto ya se envió.');
  });
});

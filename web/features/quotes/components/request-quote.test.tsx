/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, toastText } from '#web/test/render.tsx';
import { RequestQuote } from './request-quote.tsx';

const client = { id: 'u1', email: 'amina@example.com', firstName: 'Amina', lastName: 'Benali', role: 'user', isTwoFactorEnabled: false, isTwoFactorSetupRequired: false };

describe('the quote request', () => {
  it('tells a refusal with the server’s reason', async () => {
    const { user } = await renderPage(<RequestQuote serviceId="renewals-appeals" returnTo="/iniciar-tramite?servicio=renewals-appeals" />, {
      answer: (request) =>
        new URL(request.url).pathname === '/api/account/session'
          ? { status: 200, body: { user: client } }
          : { status: 409, body: { code: 'conflict', message: 'Ya nos has pedido un presupuesto para este servicio.' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Pedir presupuesto' }));
    expect(await toastText()).toBe('No se pudo enviar la solicitud — Ya nos has pedido un presupuesto para este servicio.');
  });
});

/** @vitest-environment happy-dom */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ServiceOffer } from '#common/services/services.contract.ts';
import { renderPage } from '#web/test/render.tsx';
import { HireButton } from './hire-button.tsx';

const arraigo: ServiceOffer = {
  id: 'arraigo',
  kind: 'case',
  priceCents: 30000,
  currency: 'eur',
  isFromPrice: false,
  title: 'Arraigo',
  description: 'Arraigo social, laboral, familiar o para la formación.',
  priceDetails: 'Precio cerrado por trámite',
  features: [],
  governmentFee: 'included',
  excludedCosts: [],
  familyMembers: 'alongside',
  durationMinWeeks: 12,
  durationMaxWeeks: 26,
};
const client = { id: 'u1', email: 'amina@example.com', firstName: 'Amina', lastName: 'Benali', role: 'user', hasTwoFactor: false, isTwoFactorSetupRequired: false };

const letter = { version: 3, language: 'es', text: '# Hoja de encargo\n\nAmina Benali encarga **Arraigo** por 300,00 €.', textSha256: 'a'.repeat(64) };

/** The session answers only when the test says: the press comes first, as on a slow phone. */
function lateSession(user: typeof client | null) {
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  return {
    answer,
    network: async (request: Request) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/account/session') {
        await answered;
        return { status: 200, body: { user } };
      }
      if (path === '/api/engagements/letter') return { status: 200, body: letter };
      return { status: 200, body: { url: '/checkout?session=s-1' } };
    },
  };
}

describe('the hire button pressed before the session has answered', () => {
  it('holds the press of a signed-in client and opens the checkout once the session answers, never asking them to sign in', async () => {
    vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
    const session = lateSession(client);
    const { user, requests } = await renderPage(<HireButton offer={arraigo} label="Contratar Servicio por 300,00 €" returnTo="/iniciar-tramite?servicio=arraigo" />, {
      answer: session.network,
    });
    await user.click(screen.getByRole('button', { name: 'Contratar Servicio por 300,00 €' }));
    expect((screen.getByRole('button', { name: 'Redirigiendo al pago...' }) as HTMLButtonElement).disabled).toBe(true);

    session.answer();
    // The engagement letter comes first: read, accepted, and the early start asked for separately.
    expect((await screen.findByRole('region', { name: 'Hoja de encargo' })).textContent).toContain('Amina Benali encarga Arraigo por 300,00 €.');
    await user.click(screen.getByRole('checkbox', { name: 'He leído la hoja de encargo y la acepto.' }));
    await user.click(screen.getByRole('checkbox', { name: /Pido que empecéis a trabajar ya/ }));
    await user.click(screen.getByRole('button', { name: 'Aceptar y continuar' }));
    await waitFor(() => expect(requests.map((request) => new URL(request.url).pathname)).toContain('/api/payments/checkout'));
    const checkout = requests.find((request) => new URL(request.url).pathname === '/api/payments/checkout');
    expect((await checkout?.clone().json()) as unknown).toMatchObject({ engagement: { version: 3, textSha256: letter.textSha256, isAccepted: true, isEarlyStartRequested: true } });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('starts no checkout until the letter is accepted, and none when it is closed', async () => {
    const session = lateSession(client);
    session.answer();
    const { user, requests } = await renderPage(<HireButton offer={arraigo} label="Contratar Servicio por 300,00 €" returnTo="/iniciar-tramite?servicio=arraigo" />, {
      answer: session.network,
    });
    await user.click(screen.getByRole('button', { name: 'Contratar Servicio por 300,00 €' }));
    await user.click(await screen.findByRole('button', { name: 'Aceptar y continuar' }));
    expect(screen.getByRole('alert').textContent).toBe('Marca que aceptas la hoja de encargo para continuar.');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.map((request) => new URL(request.url).pathname)).not.toContain('/api/payments/checkout');
  });

  it('asks a visitor to sign in once the session says nobody is signed in', async () => {
    const session = lateSession(null);
    const { user, requests } = await renderPage(<HireButton offer={arraigo} label="Contratar Servicio por 300,00 €" returnTo="/iniciar-tramite?servicio=arraigo" />, {
      answer: session.network,
    });
    await user.click(screen.getByRole('button', { name: 'Contratar Servicio por 300,00 €' }));
    session.answer();
    await screen.findByRole('dialog');
    expect(requests.map((request) => new URL(request.url).pathname)).not.toContain('/api/payments/checkout');
  });

  describe('a booked service: the slots first, the sign-in on "continue"', () => {
    const scheduled: ServiceOffer = { ...arraigo, id: 'scheduled', kind: 'consultation', priceCents: 3999, title: 'Consulta programada' };
    const chosen = { startsAt: '2026-12-15T09:30:00.000Z', meetingMode: 'video' } as const;
    /** Stands for the slot picker: its "continue" starts with a chosen slot. */
    const step = ({ isOpen, start }: { isOpen: boolean; start: (booking: typeof chosen) => Promise<unknown> }) =>
      isOpen ? (
        <button type="button" onClick={() => void start(chosen).catch(() => undefined)}>
          Continuar al pago
        </button>
      ) : null;

    it('shows a signed-out visitor the slots without asking the session, then keeps the chosen slot in the sign-in and registration links', async () => {
      const session = lateSession(null);
      const { user } = await renderPage(<HireButton offer={scheduled} label="Reservar consulta" returnTo="/servicios#consultas" booking={step} />, { answer: session.network });
      await user.click(screen.getByRole('button', { name: 'Reservar consulta' }));
      await user.click(screen.getByRole('button', { name: 'Continuar al pago' }));
      session.answer();
      const prompt = await screen.findByRole('dialog', { name: 'Inicia sesión para contratar' });
      const back = encodeURIComponent(`/servicios?cita=${encodeURIComponent(chosen.startsAt)}&modo=video#consultas`);
      expect(within(prompt).getByRole('link', { name: 'Acceder' }).getAttribute('href')).toBe(`/acceder?redirect=${back}`);
      expect(within(prompt).getByRole('link', { name: 'Crear cuenta' }).getAttribute('href')).toBe(`/registro?redirect=${back}`);
    });

    it('back signed in with the slot in the address, asks the letter and opens the checkout with that slot', async () => {
      vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
      const session = lateSession(client);
      session.answer();
      const { user, requests } = await renderPage(<HireButton offer={scheduled} label="Reservar consulta" returnTo="/servicios" booking={step} />, {
        answer: session.network,
        path: `/servicios?cita=${encodeURIComponent(chosen.startsAt)}&modo=video`,
      });
      await screen.findByRole('region', { name: 'Hoja de encargo' });
      await user.click(screen.getByRole('checkbox', { name: 'He leído la hoja de encargo y la acepto.' }));
      await user.click(screen.getByRole('button', { name: 'Aceptar y continuar' }));
      await waitFor(() => expect(requests.map((request) => new URL(request.url).pathname)).toContain('/api/payments/checkout'));
      const checkout = requests.find((request) => new URL(request.url).pathname === '/api/payments/checkout');
      expect((await checkout?.clone().json()) as unknown).toMatchObject({ booking: chosen, engagement: { isAccepted: true } });
    });
  });
});

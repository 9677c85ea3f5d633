/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '#web/test/render.tsx';
import PaymentResultPage from './payment-result-page.tsx';

const booked = {
  id: '7f0c2a10-1d8e-4c55-9a55-8d1f3c1e0b01',
  type: 'scheduled',
  title: 'Consultation programmée',
  status: 'pendiente',
  scheduledAt: '2026-12-15T09:30:00.000Z',
  meetingMode: 'video',
  videoUrl: null,
  createdAt: '2026-11-29T17:00:00.000Z',
};

const consultations = (rows: unknown[]) => () => ({ status: 200, body: rows });

/** The success page says what really happens next for what was bought, not one sentence for everything. */
describe('the payment result: what happens next, per purchase', () => {
  it('gives a booked consultation its day, time (Madrid) and way, with "add to calendar" (fr)', async () => {
    await renderPage(<PaymentResultPage />, { language: 'fr', path: '/pago?payment=success&kind=consultation&service=scheduled', answer: consultations([booked]) });
    const region = await screen.findByRole('region', { name: 'Votre rendez-vous' });
    expect(region.textContent).toContain('mardi 15 décembre 2026, à 10:30 (heure de Madrid)');
    expect(region.textContent).toContain('Visioconférence');
    expect(screen.getByRole('link', { name: 'Ajouter à mon agenda (.ics)' }).getAttribute('href')).toBe(`/api/consultations/${booked.id}/calendar`);
    expect(document.body.textContent).not.toContain('24\u00a0heures pour commencer');
  });

  it('gives the Spanish long date with "de" before the year (es)', async () => {
    await renderPage(<PaymentResultPage />, { language: 'es', path: '/pago?payment=success&kind=consultation&service=scheduled', answer: consultations([booked]) });
    const region = await screen.findByRole('region', { name: 'Tu cita' });
    expect(region.textContent).toContain('15 de diciembre de 2026, a las 10:30 (hora de Madrid)');
  });

  it.each([
    ['consultation', 'express', 'en', 'within 8 business hours'],
    ['case', 'arraigo', 'en', 'Start with the list of documents'],
    ['case', 'translation', 'fr', 'Nous vous remettrons la traduction'],
  ] as const)('tells a %s (%s) what comes next (%s)', async (kind, service, language, text) => {
    await renderPage(<PaymentResultPage />, { language, path: `/pago?payment=success&kind=${kind}&service=${service}`, answer: consultations([]) });
    expect((await screen.findByText(new RegExp(text))).textContent).toContain(text);
  });
});

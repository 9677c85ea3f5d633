import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app.ts';

describe('service catalogue API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves the offers of docs/product/rules.md from the database, prices in cents, in the services page order', async () => {
    const response = await t.app.inject({ url: '/api/services' });
    expect(response.statusCode).toBe(200);
    const offers = response.json<Array<{ id: string; kind: string; priceCents: number | null; isFromPrice: boolean }>>();
    expect(offers.map(({ id, kind, priceCents, isFromPrice }) => [id, kind, priceCents, isFromPrice])).toEqual([
      ['express', 'consultation', 1999, false],
      ['scheduled', 'consultation', 3999, false],
      ['nie-crue', 'case', 15000, false],
      ['arraigo', 'case', 30000, false],
      ['family-member-card', 'case', 25000, false],
      ['student-stay', 'case', 40000, false],
      ['family-reunification', 'case', 50000, false],
      ['nationality', 'case', 45000, false],
      ['property-purchase', 'case', 120000, true],
      ['renewals-appeals', 'case', 15000, true],
      ['contact', 'case', null, false],
    ]);
    expect(offers[0]).toEqual({
      id: 'express',
      kind: 'consultation',
      priceCents: 1999,
      currency: 'eur',
      isFromPrice: false,
      title: 'Consulta exprés',
      description: 'Plantea tu pregunta por escrito en tu panel y recibe allí la respuesta de un abogado, con aviso por email.',
      priceDetails: 'Pago único por consulta',
      features: ['Respuesta en menos de 8 horas laborables', 'Por escrito en tu panel, con aviso por email', 'Ideal para dudas concretas sobre tu situación'],
      governmentFee: 'none',
      excludedCosts: [],
      familyMembers: 'none',
      durationMinWeeks: null,
      durationMaxWeeks: null,
    });
    // Family reunification: the holder's fee included, the consulate's and the papers' costs not, the relatives as whom the case is for.
    expect(offers.find((offer: { id: string }) => offer.id === 'family-reunification')).toMatchObject({
      priceDetails: 'Precio cerrado por trámite',
      governmentFee: 'included',
      excludedCosts: ['consularFee', 'swornTranslations', 'legalisations'],
      familyMembers: 'subjects',
      durationMinWeeks: 12,
      durationMaxWeeks: 26,
    });
  });

  it.each([
    ['en', 'Express consultation', 'Fixed price per procedure'],
    ['fr', 'Consultation express', 'Prix fixe par démarche'],
  ])('answers the texts in %s', async (language, expressTitle, nieDetails) => {
    const offers = (await t.app.inject({ url: '/api/services', headers: { 'accept-language': language } })).json<Array<{ id: string; title: string; priceDetails: string }>>();
    expect(offers.find((offer) => offer.id === 'express')?.title).toBe(expressTitle);
    expect(offers.find((offer) => offer.id === 'nie-crue')?.priceDetails).toBe(nieDetails);
    expect(offers.every((offer) => offer.title.length > 0)).toBe(true);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceInputOf, type AdminService, type ServiceInput } from '#common/services/services.admin.contract.ts';
import { auditLogs, payments, services, serviceTranslations } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { acceptingLetter } from '#server/test/engagement.ts';

type Offer = { id: string; priceCents: number | null; isFromPrice: boolean; title: string; description: string; priceDetails: string; features: string[] };

const sessionOf = (url: string) => new URL(url).searchParams.get('session') ?? '';

/** What the tab sends back for a service as listed: its own values, ready to change. */
const inputOf = serviceInputOf;

const someTexts = { title: 'NIE', description: 'Trámite del NIE.', priceDetails: 'IVA incluido', features: [] };
/** A save the contract accepts, so what refuses it is who sends it (validation runs before the admin check). */
const wellFormed: ServiceInput = {
  priceCents: 1,
  isFromPrice: false,
  sortOrder: 10,
  isOffered: true,
  governmentFee: 'none',
  excludedCosts: [],
  familyMembers: 'none',
  durationMinWeeks: null,
  durationMaxWeeks: null,
  texts: { es: someTexts, en: someTexts, fr: someTexts },
};

describe('the Servicios tab: prices and texts the firm sets', () => {
  let t: TestApp;
  let admin: TestAccount;
  let client: TestAccount;
  let ip = 0;

  const as = (account: TestAccount | null, method: string, url: string, payload?: object, language = 'es') =>
    t.app.inject({
      method: method as 'GET',
      url,
      ...(payload ? { payload } : {}),
      headers: { 'accept-language': language, ...(account ? { cookie: account.cookie } : {}) },
      remoteAddress: `10.14.0.${++ip}`,
    });

  const adminServices = async () => (await as(admin, 'GET', '/api/admin/services')).json<{ items: AdminService[]; total: number }>();
  const adminService = async (id: string) => {
    const found = (await adminServices()).items.find((service) => service.id === id);
    if (!found) throw new Error(`no service ${id}`);
    return found;
  };
  const catalogue = async (language = 'es') => (await as(null, 'GET', '/api/services', undefined, language)).json<Offer[]>();
  const offerIn = async (id: string, language = 'es') => (await catalogue(language)).find((offer) => offer.id === id);
  /** The service's rows as the database holds them. */
  const stored = async (id: string) => ({
    service: (await t.database.db.select().from(services).where(eq(services.id, id)))[0],
    texts: (await t.database.db.select().from(serviceTranslations).where(eq(serviceTranslations.serviceId, id))).sort((a, b) => a.language.localeCompare(b.language)),
  });
  const save = (id: string, input: ServiceInput, language = 'es') => as(admin, 'PUT', `/api/admin/services/${id}`, input, language);

  const checkout = async (account: TestAccount, serviceId: string) => {
    const headers = { cookie: account.cookie, 'accept-language': 'es' };
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers,
      payload: await acceptingLetter(t.app, headers, { service: { id: serviceId, title: 'x', price: 1, type: 'case' }, user: account.user }),
    });
  };
  const paymentOf = async (session: string) => (await t.database.db.select().from(payments).where(eq(payments.providerSessionId, session)))[0];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAccount(t, { role: 'admin' });
    client = await createAccount(t);
  });
  afterAll(() => t.close());

  it.each([
    { method: 'GET', url: '/api/admin/services' },
    { method: 'PUT', url: '/api/admin/services/nie-crue', payload: wellFormed },
  ])('$method $url refuses anonymous visitors (401) and clients (403)', async ({ method, url, payload }) => {
    expect((await as(null, method, url, payload)).statusCode).toBe(401);
    const refused = await as(client, method, url, payload);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });
  });

  it('lists every service to the admin, the withdrawn translation entry too, with its texts in the three languages', async () => {
    const response = await as(admin, 'GET', '/api/admin/services');
    expect(response.statusCode).toBe(200);
    const { items, total } = response.json<{ items: AdminService[]; total: number }>();
    expect(total).toBe(12);
    expect(items.map((service) => service.id)).toEqual([
      'express',
      'scheduled',
      'nie-crue',
      'arraigo',
      'family-member-card',
      'student-stay',
      'family-reunification',
      'nationality',
      'property-purchase',
      'renewals-appeals',
      'contact',
      'translation',
    ]);
    expect(items.find((service) => service.id === 'translation')).toMatchObject({ kind: 'case', priceCents: null, isOffered: false, texts: { fr: { title: 'Traduction' } } });
    expect(items[0]).toEqual({
      id: 'express',
      kind: 'consultation',
      priceCents: 1999,
      currency: 'eur',
      isFromPrice: false,
      sortOrder: expect.any(Number),
      isOffered: true,
      governmentFee: 'none',
      excludedCosts: [],
      familyMembers: 'none',
      durationMinWeeks: null,
      durationMaxWeeks: null,
      texts: {
        es: expect.objectContaining({ title: 'Consulta exprés', priceDetails: 'Pago único por consulta' }),
        en: expect.objectContaining({ title: 'Express consultation' }),
        fr: expect.objectContaining({ title: 'Consultation express' }),
      },
    });
    const search = async (q: string) => (await as(admin, 'GET', `/api/admin/services?q=${encodeURIComponent(q)}`)).json<{ items: AdminService[] }>().items.map((s) => s.id);
    expect(await search('NACIONALIDAD')).toEqual(['nationality']);
    expect(await search('Traduction')).toEqual(['translation']);
    expect(await search('arraigo')).toEqual(['arraigo']);
  });

  it('saves a new price and texts, shown at once on the public catalogue in each language, with one audit row', async () => {
    const before = await adminService('nie-crue');
    const texts = {
      es: { title: 'NIE y registro UE', description: 'Te acompañamos a la cita.', priceDetails: 'IVA y tasa incluidos', features: ['Cita incluida', 'Seguimiento'] },
      en: { title: 'NIE and EU registration', description: 'We go with you to the appointment.', priceDetails: 'VAT and fee included', features: ['Appointment included'] },
      fr: { title: 'NIE et enregistrement UE', description: 'Nous vous accompagnons au rendez-vous.', priceDetails: 'TVA et taxe incluses', features: [] },
    };
    const response = await save('nie-crue', { ...inputOf(before), priceCents: 17550, texts });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: 'nie-crue', priceCents: 17550, isOffered: true, texts });

    // Nothing between the database and the browser may keep the old price.
    expect((await as(null, 'GET', '/api/services')).headers['cache-control']).toBe('no-store');
    for (const language of ['es', 'en', 'fr'] as const) {
      expect(await offerIn('nie-crue', language)).toMatchObject({ priceCents: 17550, isFromPrice: false, ...texts[language] });
    }
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, 'nie-crue'));
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'SERVICE_UPDATE',
        targetTable: 'services',
        adminId: admin.user.id,
        details: { title: 'NIE y registro UE', from: { price: { cents: 15000, currency: 'eur' } }, to: { price: { cents: 17550, currency: 'eur' } } },
      }),
    ]);
    const log = (await as(admin, 'GET', '/api/admin/audit', undefined, 'en')).json<{ items: Array<{ action: string; target: object; details: object[] }> }>();
    expect(log.items.find((entry) => entry.action === 'SERVICE_UPDATE')).toMatchObject({
      target: { kind: 'service', name: 'NIE y registro UE' },
      details: [
        { field: 'title', value: { kind: 'text', text: 'NIE y registro UE' } },
        { field: 'price', value: { kind: 'money', cents: 17550, currency: 'eur' }, previous: { kind: 'money', cents: 15000, currency: 'eur' } },
      ],
    });
  });

  it('sets what the price includes, the relatives and the duration: the catalogue says it at once and the audit names each change', async () => {
    const before = await adminService('family-member-card');
    const response = await save('family-member-card', {
      ...inputOf(before),
      governmentFee: 'included',
      excludedCosts: ['legalisations', 'consularFee'],
      familyMembers: 'none',
      durationMinWeeks: 8,
      durationMaxWeeks: 16,
    });
    expect(response.statusCode, response.body).toBe(200);
    const expected = { governmentFee: 'included', excludedCosts: ['consularFee', 'legalisations'], familyMembers: 'none', durationMinWeeks: 8, durationMaxWeeks: 16 };
    expect(response.json()).toMatchObject(expected);
    expect(await offerIn('family-member-card', 'fr')).toMatchObject(expected);
    const [audit] = await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, 'family-member-card'));
    expect(audit?.details).toEqual({
      title: before.texts.es.title,
      from: { governmentFee: 'separate', excludedCosts: 'swornTranslations, legalisations', relatives: 'alongside', duration: '12-20' },
      to: { governmentFee: 'included', excludedCosts: 'consularFee, legalisations', relatives: 'none', duration: '8-16' },
    });
    // No relatives for this service any more: a checkout with one is refused, in the client's words.
    const buyer = await createAccount(t);
    const refused = await t.app.inject({ url: '/api/payments/quote/family-member-card?familyMembers=1', headers: { cookie: buyer.cookie, 'accept-language': 'en' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('This procedure has no family package: each relative who needs their own procedure hires it separately.');
  });

  it('moves a service and makes a price a "from" price on the public page', async () => {
    const before = await adminService('student-stay');
    expect((await save('student-stay', { ...inputOf(before), isFromPrice: true, sortOrder: 0 })).statusCode).toBe(200);
    const offers = await catalogue();
    expect(offers[0]).toMatchObject({ id: 'student-stay', priceCents: 40000, isFromPrice: true });
  });

  describe('refuses a bad save with a translated 400, and leaves the service as it was', () => {
    const cases: Array<{ name: string; id?: string; change: (input: ServiceInput) => object; message: string; path?: string }> = [
      { name: 'a negative price', change: (input) => ({ ...input, priceCents: -100 }), path: 'priceCents', message: 'Enter an amount in euros, for example 150 or 150.50.' },
      { name: 'a fraction of a cent', change: (input) => ({ ...input, priceCents: 150.5 }), path: 'priceCents', message: 'Enter an amount in euros, for example 150 or 150.50.' },
      { name: 'a price given as text', change: (input) => ({ ...input, priceCents: '150' }), path: 'priceCents', message: 'Enter an amount in euros, for example 150 or 150.50.' },
      { name: 'a price above 10,000 €', change: (input) => ({ ...input, priceCents: 1_000_001 }), path: 'priceCents', message: 'The price is too high: check the amount.' },
      {
        name: 'a blank title',
        change: (input) => ({ ...input, texts: { ...input.texts, fr: { ...input.texts.fr, title: '   ' } } }),
        path: 'texts.fr.title',
        message: 'This field is required',
      },
      {
        name: 'a description too long',
        change: (input) => ({ ...input, texts: { ...input.texts, en: { ...input.texts.en, description: 'x'.repeat(1001) } } }),
        path: 'texts.en.description',
        message: 'The text is too long.',
      },
      { name: 'a language missing', change: ({ texts: { es, en }, ...input }) => ({ ...input, texts: { es, en } }), path: 'texts.fr', message: 'Invalid value.' },
      {
        name: 'eleven features',
        change: (input) => ({ ...input, texts: { ...input.texts, es: { ...input.texts.es, features: Array.from({ length: 11 }, (_, i) => `Ventaja ${i}`) } } }),
        path: 'texts.es.features',
        message: 'There are too many features: keep the most important ones.',
      },
      {
        name: 'a blank feature',
        change: (input) => ({ ...input, texts: { ...input.texts, es: { ...input.texts.es, features: ['Bien', ''] } } }),
        path: 'texts.es.features.1',
        message: 'This field is required',
      },
      {
        name: 'a duration with only its start',
        change: (input) => ({ ...input, durationMinWeeks: 4, durationMaxWeeks: null }),
        path: 'durationMaxWeeks',
        message: 'Give both weeks, from and to, or neither.',
      },
      { name: 'a duration that ends before it starts', change: (input) => ({ ...input, durationMinWeeks: 10, durationMaxWeeks: 4 }), path: 'durationMaxWeeks', message: 'The longest duration cannot be shorter than the shortest.' },
      { name: 'a cost the catalogue does not know', change: (input) => ({ ...input, excludedCosts: ['notaryFees'] }), path: 'excludedCosts.0', message: 'Invalid value.' },
      { name: 'an unknown way for relatives to join', change: (input) => ({ ...input, familyMembers: 'everyone' }), path: 'familyMembers', message: 'Invalid value.' },
      { name: 'a "from" price without an amount', change: (input) => ({ ...input, priceCents: null, isFromPrice: true }), path: 'isFromPrice', message: 'A “from” price needs an amount.' },
      { name: 'a consultation without a price', id: 'express', change: (input) => ({ ...input, priceCents: null }), message: 'A consultation needs a fixed price: it is paid when hired.' },
      { name: 'a price on the other-procedures entry', id: 'contact', change: (input) => ({ ...input, priceCents: 9900 }), message: '“Other procedures” has no price: it leads to the contact page.' },
      {
        name: 'offering the translation entry',
        id: 'translation',
        change: (input) => ({ ...input, isOffered: true }),
        message: 'Translation has no price and is not offered in the catalogue: it is paid through its quote.',
      },
    ];

    it.each(cases)('$name', async ({ id = 'arraigo', change, message, path }) => {
      const before = await stored(id);
      const response = await save(id, change(inputOf(await adminService(id))) as ServiceInput, 'en');
      expect(response.statusCode).toBe(400);
      const body = response.json<{ code: string; message: string; issues?: Array<{ path: string; message: string }> }>();
      expect(body.code).toBe('validation');
      if (path) expect(body.issues).toContainEqual({ path, message });
      else expect(body.message).toBe(message);
      expect(await stored(id)).toEqual(before);
    });

    it('answers 404 for a service that does not exist, and writes no audit row', async () => {
      const response = await save('golden-visa', inputOf(await adminService('arraigo')));
      expect(response.statusCode).toBe(404);
      expect(await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, 'golden-visa'))).toEqual([]);
    });
  });

  it('keeps the texts of the translation entry editable, hidden from the catalogue', async () => {
    const before = await adminService('translation');
    const texts = { ...before.texts, en: { ...before.texts.en, title: 'Sworn or plain translation' } };
    const response = await save('translation', { ...inputOf(before), texts });
    expect(response.statusCode).toBe(200);
    expect((await stored('translation')).texts.find((text) => text.language === 'en')?.title).toBe('Sworn or plain translation');
    expect((await catalogue('en')).some((offer) => offer.id === 'translation')).toBe(false);
  });

  it('hides a withdrawn service from the public catalogue and refuses its checkout, until it is offered again', async () => {
    const arraigo = await adminService('arraigo');
    expect((await save('arraigo', { ...inputOf(arraigo), isOffered: false })).statusCode).toBe(200);
    expect(await offerIn('arraigo')).toBeUndefined();
    expect((await adminService('arraigo')).isOffered).toBe(false);

    const refused = await checkout(client, 'arraigo');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 'validation', message: 'Este servicio ya no se ofrece. Consulta los servicios disponibles o escríbenos.' });
    const quote = await as(client, 'GET', '/api/payments/quote/arraigo', undefined, 'fr');
    expect(quote.statusCode).toBe(400);
    expect(quote.json().message).toBe("Ce service n'est plus proposé. Consultez les services disponibles ou écrivez-nous.");
    expect(await t.database.db.select().from(payments).where(eq(payments.serviceId, 'arraigo'))).toEqual([]);

    expect((await save('arraigo', { ...inputOf(arraigo), isOffered: true })).statusCode).toBe(200);
    expect(await offerIn('arraigo')).toMatchObject({ priceCents: 30000 });
    expect((await checkout(client, 'arraigo')).statusCode).toBe(200);
  });

  it('leaves a payment made before a price change at the price it was made at; the next checkout charges the new one', async () => {
    const buyer = await createAccount(t);
    const paidBefore = sessionOf((await checkout(buyer, 'nationality')).json<{ url: string }>().url);
    const pendingBefore = sessionOf((await checkout(buyer, 'family-reunification')).json<{ url: string }>().url);
    expect((await t.app.inject({ method: 'POST', url: `/api/payments/test-checkout/${paidBefore}/pay`, headers: { cookie: buyer.cookie } })).statusCode).toBe(204);

    for (const id of ['nationality', 'family-reunification']) {
      const service = await adminService(id);
      expect((await save(id, { ...inputOf(service), priceCents: 99900 })).statusCode).toBe(200);
    }

    expect(await paymentOf(paidBefore)).toMatchObject({ paymentStatus: 'paid', amountCents: 45000, serviceDetails: { priceCents: 45000 } });
    const listed = (await as(buyer, 'GET', '/api/payments')).json<Array<{ serviceId: string; amountCents: number }>>();
    expect(listed.find((payment) => payment.serviceId === 'nationality')?.amountCents).toBe(45000);

    // A checkout opened before the change is paid at the price it showed.
    const page = await as(buyer, 'GET', `/api/payments/test-checkout/${pendingBefore}`);
    expect(page.json()).toMatchObject({ priceCents: 50000, amountCents: 50000 });
    expect((await t.app.inject({ method: 'POST', url: `/api/payments/test-checkout/${pendingBefore}/pay`, headers: { cookie: buyer.cookie } })).statusCode).toBe(204);
    expect(await paymentOf(pendingBefore)).toMatchObject({ paymentStatus: 'paid', amountCents: 50000 });

    // No consultation was bought, so no credit applies: the new price is charged whole.
    const after = sessionOf((await checkout(buyer, 'nationality')).json<{ url: string }>().url);
    expect(await paymentOf(after)).toMatchObject({ paymentStatus: 'pending', amountCents: 99900, serviceDetails: { priceCents: 99900 } });
  });
});

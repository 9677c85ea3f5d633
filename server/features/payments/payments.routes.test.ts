import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cases, caseStageChanges, consultations, payments } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { testClock } from '#server/test/clock.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { acceptingLetter } from '#server/test/engagement.ts';

const sessionOf = (url: string) => new URL(url).searchParams.get('session') ?? '';

describe('hiring and payments with the built-in test provider', () => {
  const clock = testClock();
  let t: TestApp;
  let capture: MailCapture;

  beforeAll(async () => {
    capture = await startMailCapture();
    t = await createTestApp({
      env: { SMTP_URL: capture.url, FIRM_EMAIL: 'despacho@example.com', APP_URL: 'http://asesoria.test' },
      worker: { clock: clock.now },
    });
  });
  afterAll(async () => {
    await t.close();
    await capture.close();
  });

  const as = (account: TestAccount, headers: Record<string, string> = {}) => ({ cookie: account.cookie, ...headers });

  const checkout = async (account: TestAccount, service: { id: string } & Record<string, unknown>, user: { id: string; email: string } = account.user) =>
    t.app.inject({ method: 'POST', url: '/api/payments/checkout', headers: as(account), payload: await acceptingLetter(t.app, as(account), { service, user }) });

  async function hire(account: TestAccount, serviceId: string): Promise<string> {
    const response = await checkout(account, { id: serviceId, title: 'x', price: 1, type: 'case' });
    expect(response.statusCode).toBe(200);
    return sessionOf(response.json<{ url: string }>().url);
  }

  const pay = (account: TestAccount, session: string) =>
    t.app.inject({ method: 'POST', url: `/api/payments/test-checkout/${session}/pay`, headers: as(account) });

  const paymentOf = async (session: string) => {
    const [row] = await t.database.db.select().from(payments).where(eq(payments.providerSessionId, session));
    return row;
  };

  it('answers the URL of the site’s own /checkout page and writes a pending payment at the catalogue price', async () => {
    const client = await createAccount(t);
    const response = await checkout(client, { id: 'arraigo', title: 'Arraigo', price: 300, type: 'case' });
    expect(response.statusCode).toBe(200);
    const { url } = response.json<{ url: string }>();
    expect(url).toMatch(/^http:\/\/asesoria\.test\/checkout\?session=test_[0-9a-f-]{36}$/);

    const payment = await paymentOf(sessionOf(url));
    expect(payment).toMatchObject({
      userId: client.user.id,
      serviceId: 'arraigo',
      amountCents: 30000,
      currency: 'eur',
      creditedCents: 0,
      paymentStatus: 'pending',
      provider: 'test',
      caseId: null,
      serviceDetails: {
        id: 'arraigo',
        kind: 'case',
        title: 'Arraigo',
        priceCents: 30000,
        currency: 'eur',
        tax: { treatment: 'subject', legend: null, withholdingPercent: null },
        // What the price includes is kept as it was bought: the invoice says it, whatever the firm edits later.
        inclusions: { governmentFee: 'included', excludedCosts: ['swornTranslations', 'legalisations'] },
      },
    });

    const page = await t.app.inject({ url: `/api/payments/test-checkout/${sessionOf(url)}`, headers: as(client, { 'accept-language': 'fr' }) });
    expect(page.json()).toEqual({
      serviceId: 'arraigo',
      kind: 'case',
      title: "Arraigo (régularisation par l'enracinement)",
      priceCents: 30000,
      inclusions: { governmentFee: 'included', excludedCosts: ['swornTranslations', 'legalisations'] },
      creditedCents: 0,
      amountCents: 30000,
      currency: 'eur',
      status: 'pending',
      tax: { treatment: 'subject', legend: null, vatCents: 5207, withholdingPercent: null, withholdingCents: 0 },
      recipientMissing: [],
    });
  });

  it('never trusts the price, title or type the browser sends', async () => {
    const client = await createAccount(t);
    const response = await checkout(client, { id: 'nationality', title: 'Nacionalidad por 1 €', price: 0.01, type: 'consultation' });
    expect(response.statusCode).toBe(200);
    const payment = await paymentOf(sessionOf(response.json().url));
    expect(payment).toMatchObject({ amountCents: 45000, serviceDetails: { kind: 'case', title: 'Nacionalidad española', priceCents: 45000 } });
  });

  it('pays a case: marks the payment paid and opens the case, pending documentation, with its history', async () => {
    const client = await createAccount(t, { firstName: 'Karim', lastName: 'Haddad' });
    const session = await hire(client, 'nie-crue');
    const response = await pay(client, session);
    expect(response.statusCode).toBe(204);

    const payment = await paymentOf(session);
    expect(payment?.paymentStatus).toBe('paid');
    expect(payment?.paidAt).toBeInstanceOf(Date);
    expect(payment?.caseId).toEqual(expect.any(Number));
    const [opened] = await t.database.db.select().from(cases).where(eq(cases.id, payment?.caseId ?? 0));
    expect(opened).toMatchObject({ userId: client.user.id, serviceId: 'nie-crue', stage: 'awaiting_documents' });
    const history = await t.database.db.select().from(caseStageChanges).where(eq(caseStageChanges.caseId, opened?.id ?? 0));
    expect(history.map((change) => change.stage)).toEqual(['awaiting_documents']);

    const list = await t.app.inject({ url: '/api/cases', headers: as(client) });
    expect(list.json()).toEqual([
      expect.objectContaining({
        id: opened?.id,
        displayId: `EXP-${String(opened?.id).padStart(3, '0')}`,
        serviceId: 'nie-crue',
        serviceTitle: 'NIE y certificado de registro UE (CRUE)',
        stage: 'awaiting_documents',
        history: [{ stage: 'awaiting_documents', note: null, createdAt: expect.any(String) }],
        filing: { fileNumber: null, filedOn: null, office: null },
        documents: [],
        messages: [],
      }),
    ]);
    const listed = await t.app.inject({ url: '/api/payments', headers: as(client, { 'accept-language': 'en' }) });
    expect(listed.json()).toEqual([
      {
        id: payment?.id,
        serviceId: 'nie-crue',
        serviceTitle: 'NIE and EU registration certificate (CRUE)',
        amountCents: 15000,
        creditedCents: 0,
        currency: 'eur',
        status: 'paid',
        method: 'card_online',
        refundedCents: 0,
        invoices: [{ id: expect.any(String), number: expect.stringMatching(/^F-\d{4}-\d{4}$/) }],
        createdAt: expect.any(String),
      },
    ]);

    const firm = await capture.waitFor('despacho@example.com', /Nuevo pago: NIE y certificado de registro UE \(CRUE\) - Karim Haddad/);
    expect(firm.text).toMatch(/ha pagado 150\s€ por/);
    expect(firm.text).toContain(`Expediente: EXP-${String(opened?.id).padStart(3, '0')}`);
    expect(firm.text).toContain(client.user.email);
  });

  it('pays an express consultation: opens a pending consultation of that type, and no case', async () => {
    const client = await createAccount(t);
    const response = await checkout(client, { id: 'express', title: 'Consulta exprés', price: 19.99, type: 'consultation' });
    const session = sessionOf(response.json().url);
    expect((await pay(client, session)).statusCode).toBe(204);

    const payment = await paymentOf(session);
    expect(payment).toMatchObject({ paymentStatus: 'paid', amountCents: 1999, caseId: null, consultationId: expect.any(String) });
    const [consultation] = await t.database.db.select().from(consultations).where(eq(consultations.id, payment?.consultationId ?? ''));
    expect(consultation).toMatchObject({ userId: client.user.id, consultationType: 'express', status: 'pendiente' });
    expect((await t.app.inject({ url: '/api/cases', headers: as(client) })).json()).toEqual([]);

    const listed = await t.app.inject({ url: '/api/consultations', headers: as(client) });
    expect(listed.json()).toEqual([
      {
        id: consultation?.id,
        type: 'express',
        title: 'Consulta exprés',
        status: 'pendiente',
        scheduledAt: null,
        meetingMode: null,
        videoUrl: null,
        firmNote: null,
        recommendedService: null,
        createdAt: expect.any(String),
      },
    ]);
  });

  it('deducts a paid consultation’s fee once, from the next case the same client hires', async () => {
    const client = await createAccount(t);
    const consultation = await checkout(client, { id: 'express' });
    await pay(client, sessionOf(consultation.json().url));

    const quote = await t.app.inject({ url: '/api/payments/quote/arraigo', headers: as(client) });
    expect(quote.json()).toEqual({
      serviceId: 'arraigo',
      kind: 'case',
      title: 'Arraigo',
      priceCents: 30000,
      creditedCents: 1999,
      amountCents: 28001,
      currency: 'eur',
      inclusions: { governmentFee: 'included', excludedCosts: ['swornTranslations', 'legalisations'] },
      tax: { treatment: 'subject', legend: null, vatCents: 4860, withholdingPercent: null, withholdingCents: 0 },
      recipientMissing: [],
    });
    // Another consultation is not a case: it gets no credit.
    expect((await t.app.inject({ url: '/api/payments/quote/express', headers: as(client) })).json()).toMatchObject({ creditedCents: 0, amountCents: 1999 });

    const session = await hire(client, 'arraigo');
    const page = await t.app.inject({ url: `/api/payments/test-checkout/${session}`, headers: as(client) });
    expect(page.json()).toMatchObject({ priceCents: 30000, creditedCents: 1999, amountCents: 28001 });
    await pay(client, session);
    const [paidConsultation] = await t.database.db.select().from(payments).where(eq(payments.userId, client.user.id));
    expect(await paymentOf(session)).toMatchObject({ paymentStatus: 'paid', amountCents: 28001, creditedCents: 1999, creditConsultationId: expect.any(String) });
    expect(paidConsultation).toBeDefined();

    const next = await t.app.inject({ url: '/api/payments/quote/nationality', headers: as(client) });
    expect(next.json()).toMatchObject({ priceCents: 45000, creditedCents: 0, amountCents: 45000 });
    // Other clients never get someone else's credit.
    const other = await createAccount(t);
    expect((await t.app.inject({ url: '/api/payments/quote/arraigo', headers: as(other) })).json()).toMatchObject({ creditedCents: 0 });
  });

  it('lets one open checkout at a time hold the credit: the others are priced without it', async () => {
    const client = await createAccount(t);
    await pay(client, sessionOf((await checkout(client, { id: 'express' })).json().url));
    const first = await hire(client, 'arraigo');
    expect((await paymentOf(first))?.creditedCents).toBe(1999);
    expect((await t.app.inject({ url: '/api/payments/quote/nationality', headers: as(client) })).json()).toMatchObject({ creditedCents: 0 });
    const second = await hire(client, 'nationality');
    expect(await paymentOf(second)).toMatchObject({ creditedCents: 0, amountCents: 45000 });
    await pay(client, first);
    await pay(client, second);
    expect(await paymentOf(first)).toMatchObject({ paymentStatus: 'paid', amountCents: 28001, creditConsultationId: expect.any(String) });
    expect(await paymentOf(second)).toMatchObject({ paymentStatus: 'paid', amountCents: 45000, creditConsultationId: null });
    expect((await t.app.inject({ url: '/api/cases', headers: as(client) })).json()).toHaveLength(2);
  });

  it('discounts only one of several case checkouts opened together', async () => {
    const client = await createAccount(t);
    await pay(client, sessionOf((await checkout(client, { id: 'express' })).json().url));
    const opened = await Promise.all(['arraigo', 'nationality', 'student-stay'].map((id) => checkout(client, { id })));
    const sessions = opened.filter((response) => response.statusCode === 200).map((response) => sessionOf(response.json().url));
    // Each letter was read with the credit: a checkout priced once another holds it no longer matches its letter.
    for (const refused of opened.filter((response) => response.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect([
        'Otro pago abierto ya usa el crédito de tu consulta. Termínalo o vuelve a intentarlo para pagar sin él.',
        'La hoja de encargo ha cambiado desde que la leíste (el precio, tus datos o el texto). Vuelve a leerla y acéptala.',
      ]).toContain(refused.json().message);
    }
    for (const session of sessions) await pay(client, session);
    const paid = await Promise.all(sessions.map(paymentOf));
    expect(paid.filter((payment) => (payment?.creditedCents ?? 0) > 0)).toHaveLength(1);
    expect(paid.every((payment) => payment?.paymentStatus === 'paid')).toBe(true);
  });

  it('gives the credit back when its checkout is cancelled, or closes unpaid with the slot checkouts’ time', async () => {
    const client = await createAccount(t);
    await pay(client, sessionOf((await checkout(client, { id: 'express' })).json().url));
    const cancelled = await hire(client, 'arraigo');
    await t.app.inject({ method: 'POST', url: `/api/payments/test-checkout/${cancelled}/cancel`, headers: as(client) });
    const abandoned = await hire(client, 'arraigo');
    expect((await paymentOf(abandoned))?.creditedCents).toBe(1999);

    clock.advance(60 * 60 * 1000);
    expect((await t.app.inject({ url: '/api/payments/quote/arraigo', headers: as(client) })).json()).toMatchObject({ creditedCents: 1999 });
    expect((await pay(client, abandoned)).statusCode).toBe(409);
    expect((await paymentOf(abandoned))?.paymentStatus).toBe('expired');
  });

  it('opens one case however often Pagar is pressed, and refuses to cancel a paid payment', async () => {
    const client = await createAccount(t);
    const session = await hire(client, 'student-stay');
    const answers = await Promise.all([pay(client, session), pay(client, session), pay(client, session)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204, 204]);
    expect(await t.database.db.select().from(cases).where(eq(cases.userId, client.user.id))).toHaveLength(1);
    const cancel = await t.app.inject({ method: 'POST', url: `/api/payments/test-checkout/${session}/cancel`, headers: as(client) });
    expect(cancel.statusCode).toBe(409);
  });

  it('cancels: the payment is cancelled, nothing is opened, and it can no longer be paid', async () => {
    const client = await createAccount(t);
    const session = await hire(client, 'family-reunification');
    const cancel = await t.app.inject({ method: 'POST', url: `/api/payments/test-checkout/${session}/cancel`, headers: as(client) });
    expect(cancel.statusCode).toBe(204);
    expect(await paymentOf(session)).toMatchObject({ paymentStatus: 'cancelled', caseId: null });
    expect((await pay(client, session)).statusCode).toBe(409);
    expect(await t.database.db.select().from(cases).where(eq(cases.userId, client.user.id))).toHaveLength(0);
  });

  it('keeps one client’s checkout from every other client (404)', async () => {
    const owner = await createAccount(t);
    const intruder = await createAccount(t);
    const session = await hire(owner, 'arraigo');
    expect((await t.app.inject({ url: `/api/payments/test-checkout/${session}`, headers: as(intruder) })).statusCode).toBe(404);
    expect((await pay(intruder, session)).statusCode).toBe(404);
    expect((await paymentOf(session))?.paymentStatus).toBe('pending');
    expect((await t.app.inject({ url: '/api/payments', headers: as(intruder) })).json()).toEqual([]);
  });

  it.each([
    ['an unknown service', { id: 'no-such-service' }, 404],
    ['the entry given by quote', { id: 'contact' }, 400],
    ['a missing service id', { id: '' }, 400],
  ])('refuses %s and writes nothing', async (_case, service, status) => {
    const client = await createAccount(t);
    const response = await checkout(client, service);
    expect(response.statusCode).toBe(status);
    expect(await t.database.db.select().from(payments).where(eq(payments.userId, client.user.id))).toHaveLength(0);
  });

  it('explains the entry given by quote in the visitor’s language', async () => {
    const client = await createAccount(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers: as(client, { 'accept-language': 'en' }),
      payload: await acceptingLetter(t.app, as(client), { service: { id: 'contact' }, user: client.user }),
    });
    expect(response.json()).toEqual({ code: 'validation', message: 'This service is quoted individually: write to us from the contact page.' });
  });

  it('refuses a checkout in another client’s name (403) and anonymous visitors (401)', async () => {
    const client = await createAccount(t);
    const other = await createAccount(t);
    expect((await checkout(client, { id: 'arraigo' }, other.user)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/payments/checkout', payload: await acceptingLetter(t.app, {}, { service: { id: 'arraigo' }, user: client.user }) });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/payments' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/consultations' })).statusCode).toBe(401);
    expect(await t.database.db.select().from(payments).where(eq(payments.userId, other.user.id))).toHaveLength(0);
  });

  it('refuses every webhook delivery while the test provider takes the payments', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: JSON.stringify({ type: 'checkout.session.completed', data: { object: { id: 'test_x' } } }),
    });
    expect(response.statusCode).toBe(400);
  });

  describe('a test checkout abandoned for a day', () => {
    const age = async (session: string, hours: number) =>
      t.database.db
        .update(payments)
        // On the server's clock, which writes a checkout's createdAt and measures its age.
        .set({ createdAt: new Date(clock.now().getTime() - hours * 60 * 60 * 1000) })
        .where(eq(payments.providerSessionId, session));

    it('expires when its page is opened again: it can no longer be paid, and nothing opens', async () => {
      const client = await createAccount(t);
      const session = await hire(client, 'arraigo');
      await age(session, 25);
      const page = await t.app.inject({ url: `/api/payments/test-checkout/${session}`, headers: as(client) });
      expect(page.json()).toMatchObject({ status: 'expired' });
      expect((await pay(client, session)).statusCode).toBe(409);
      expect(await paymentOf(session)).toMatchObject({ paymentStatus: 'expired', caseId: null });
      expect(await t.database.db.select().from(cases).where(eq(cases.userId, client.user.id))).toHaveLength(0);
    });

    it('expires on the server’s own within the hour, leaving recent and settled checkouts alone', async () => {
      const client = await createAccount(t);
      const [abandoned, recent, paid] = [await hire(client, 'nie-crue'), await hire(client, 'nie-crue'), await hire(client, 'arraigo')];
      expect((await pay(client, paid)).statusCode).toBe(204);
      await Promise.all([age(abandoned, 25), age(recent, 22), age(paid, 25)]);

      // The background worker's hourly task, run by whichever instance claims it, within the hour.
      clock.advance(60 * 60 * 1000);
      await t.app.worker.kick();

      expect((await paymentOf(abandoned))?.paymentStatus).toBe('expired');
      expect((await paymentOf(recent))?.paymentStatus).toBe('pending');
      expect((await paymentOf(paid))?.paymentStatus).toBe('paid');
    });
  });
});

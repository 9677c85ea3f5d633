import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cases, consultations, payments } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { startFakeStripe, type FakeStripe } from '#server/test/fake-stripe.ts';
import { acceptingLetter } from '#server/test/engagement.ts';

const webhookSecret = 'whsec_test_secret_for_the_fake';

describe('hiring and payments through Stripe (the SDK pointed at a local fake)', () => {
  let t: TestApp;
  let stripe: FakeStripe;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_fake_key', STRIPE_WEBHOOK_SECRET: webhookSecret, APP_URL: 'https://asesoria.test' },
      configure: (config) => {
        if (!config.payments.stripe) throw new Error('Stripe is not configured');
        return { ...config, payments: { ...config.payments, stripe: { ...config.payments.stripe, api: stripe.api } } };
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const checkout = async (account: TestAccount, service: { id: string } & Record<string, unknown>, booking?: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers: { cookie: account.cookie },
      payload: await acceptingLetter(t.app, { cookie: account.cookie }, { service, user: account.user, booking }),
    });

  const deliver = (payload: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      payload,
    });

  const completed = (sessionId: string, secret = webhookSecret) =>
    stripe.webhook({ type: 'checkout.session.completed', session: { id: sessionId, payment_status: 'paid', status: 'complete' } }, secret);

  async function hire(account: TestAccount, serviceId: string, booking?: Record<string, unknown>) {
    const response = await checkout(account, { id: serviceId, title: 'x', price: 0.5 }, booking);
    expect(response.statusCode).toBe(200);
    const { url } = response.json<{ url: string }>();
    return { url, request: stripe.requests.at(-1), sessionId: url.split('/').at(-1) ?? '' };
  }

  const casesOf = (account: TestAccount) => t.database.db.select().from(cases).where(eq(cases.userId, account.user.id));

  it('makes a Checkout session from the catalogue, with success and cancel URLs and metadata naming user and service', async () => {
    const client = await createAccount(t);
    const { url, request, sessionId } = await hire(client, 'family-member-card');
    expect(url).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/checkout/sessions');
    expect(request?.headers.authorization).toBe('Bearer sk_test_fake_key');
    const form = request?.form;
    expect(form?.get('mode')).toBe('payment');
    expect(form?.get('line_items[0][price_data][unit_amount]')).toBe('25000');
    expect(form?.get('line_items[0][price_data][currency]')).toBe('eur');
    expect(form?.get('line_items[0][price_data][product_data][name]')).toBe('Tarjeta de familiar de ciudadano español');
    expect(form?.get('metadata[userId]')).toBe(client.user.id);
    expect(form?.get('metadata[serviceId]')).toBe('family-member-card');
    expect(form?.get('customer_email')).toBe(client.user.email);
    expect(form?.get('success_url')).toBe('https://asesoria.test/pago?payment=success&kind=case&service=family-member-card');
    expect(form?.get('cancel_url')).toBe('https://asesoria.test/pago?payment=cancelled');
    // Stripe's page speaks the client's language.
    expect(form?.get('locale')).toBe('es');
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.providerSessionId, sessionId));
    expect(payment).toMatchObject({ provider: 'stripe', paymentStatus: 'pending', amountCents: 25000, userId: client.user.id });
    expect(form?.get('metadata[paymentId]')).toBe(payment?.id);
  });

  it('opens the case when the signed webhook says the session is paid, and shows it in the client’s panel', async () => {
    const client = await createAccount(t);
    const { sessionId } = await hire(client, 'nationality');
    const { payload, signature } = completed(sessionId);
    const response = await deliver(payload, signature);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.providerSessionId, sessionId));
    expect(payment).toMatchObject({ paymentStatus: 'paid', caseId: expect.any(Number) });
    const panel = await t.app.inject({ url: '/api/cases', headers: { cookie: client.cookie } });
    expect(panel.json()).toEqual([expect.objectContaining({ id: payment?.caseId, serviceId: 'nationality', stage: 'awaiting_documents' })]);
  });

  it('has the effect of one when the same webhook is delivered twice, even at once', async () => {
    const client = await createAccount(t);
    const { sessionId } = await hire(client, 'arraigo');
    const { payload, signature } = completed(sessionId);
    const answers = await Promise.all([deliver(payload, signature), deliver(payload, signature)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await deliver(payload, signature)).statusCode).toBe(200);
    expect(await casesOf(client)).toHaveLength(1);
  });

  it('opens a scheduled consultation on its held slot for a paid session, which closes with the hold', async () => {
    const client = await createAccount(t);
    // The first free slot of the firm's hours (FIRM_HOURS) in the next two weeks, whatever today is.
    const today = new Date().toISOString().slice(0, 10);
    const inTwoWeeks = new Date(Date.now() + 14 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const [startsAt] = (await t.app.inject({ url: `/api/consultations/slots?from=${today}&to=${inTwoWeeks}` })).json<{ slots: string[] }>().slots;
    const openedAt = Date.now();
    const { sessionId, request } = await hire(client, 'scheduled', { startsAt, meetingMode: 'phone' });
    expect(request?.form.get('line_items[0][price_data][unit_amount]')).toBe('3999');
    // Stripe's page names the booked day, time (Madrid) and way.
    const madridTime = new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Madrid' }).format(new Date(startsAt ?? ''));
    expect(request?.form.get('line_items[0][price_data][product_data][description]')).toMatch(new RegExp(`^Cita: \\d{1,2} de [a-z]+ de \\d{4}, a las ${madridTime} \\(hora de Madrid\\), Teléfono\\.$`));
    // Stripe's shortest session, 30 minutes, and a minute for the clocks.
    const expiresAt = Number(request?.form.get('expires_at')) * 1000;
    expect(expiresAt - openedAt).toBeGreaterThanOrEqual(30 * 60 * 1000);
    expect(expiresAt - openedAt).toBeLessThanOrEqual(32 * 60 * 1000);
    const { payload, signature } = completed(sessionId);
    await deliver(payload, signature);
    const rows = await t.database.db.select().from(consultations).where(eq(consultations.userId, client.user.id));
    expect(rows).toMatchObject([{ consultationType: 'scheduled', status: 'pendiente', scheduledAt: new Date(startsAt ?? ''), meetingMode: 'phone' }]);
    expect(await casesOf(client)).toHaveLength(0);
  });

  it('gives the slot back when Stripe says the session expired', async () => {
    const client = await createAccount(t);
    const today = new Date().toISOString().slice(0, 10);
    const inTwoWeeks = new Date(Date.now() + 14 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const free = async () => (await t.app.inject({ url: `/api/consultations/slots?from=${today}&to=${inTwoWeeks}` })).json<{ slots: string[] }>().slots;
    const [startsAt] = await free();
    const { sessionId } = await hire(client, 'scheduled', { startsAt, meetingMode: 'video' });
    expect(await free()).not.toContain(startsAt);
    const { payload, signature } = stripe.webhook({ type: 'checkout.session.expired', session: { id: sessionId, status: 'expired' } }, webhookSecret);
    expect((await deliver(payload, signature)).statusCode).toBe(200);
    expect(await free()).toContain(startsAt);
  });

  it.each([
    ['a signature made with another secret', (sessionId: string) => completed(sessionId, 'whsec_someone_else')],
    ['a body changed after signing', (sessionId: string) => ({ ...completed(sessionId), payload: completed(sessionId).payload.replace('"paid"', '"paid" ') })],
    ['no signature at all', (sessionId: string) => ({ ...completed(sessionId), signature: '' })],
  ])('refuses %s with a 400 and writes nothing', async (_case, delivery) => {
    const client = await createAccount(t);
    const { sessionId } = await hire(client, 'student-stay');
    const { payload, signature } = delivery(sessionId);
    const response = await deliver(payload, signature);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation' });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.providerSessionId, sessionId));
    expect(payment?.paymentStatus).toBe('pending');
    expect(await casesOf(client)).toHaveLength(0);
  });

  it('waits for the money of a completed session paid by a slower method', async () => {
    const client = await createAccount(t);
    const { sessionId } = await hire(client, 'nationality');
    const pending = stripe.webhook({ type: 'checkout.session.completed', session: { id: sessionId, payment_status: 'unpaid' } }, webhookSecret);
    expect((await deliver(pending.payload, pending.signature)).statusCode).toBe(200);
    expect(await casesOf(client)).toHaveLength(0);
    const succeeded = stripe.webhook({ type: 'checkout.session.async_payment_succeeded', session: { id: sessionId, payment_status: 'paid' } }, webhookSecret);
    await deliver(succeeded.payload, succeeded.signature);
    expect(await casesOf(client)).toHaveLength(1);
  });

  it('marks an expired session, which can then never open a case', async () => {
    const client = await createAccount(t);
    const { sessionId } = await hire(client, 'arraigo');
    const expired = stripe.webhook({ type: 'checkout.session.expired', session: { id: sessionId } }, webhookSecret);
    await deliver(expired.payload, expired.signature);
    const late = completed(sessionId);
    await deliver(late.payload, late.signature);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.providerSessionId, sessionId));
    expect(payment?.paymentStatus).toBe('expired');
    expect(await casesOf(client)).toHaveLength(0);
  });

  it('acknowledges events it does not act on and sessions it does not know', async () => {
    const other = stripe.webhook({ type: 'customer.created', session: { id: 'cus_1' } }, webhookSecret);
    expect((await deliver(other.payload, other.signature)).statusCode).toBe(200);
    const unknown = completed('cs_test_unknown');
    expect((await deliver(unknown.payload, unknown.signature)).statusCode).toBe(200);
  });

  it('answers a failed checkout with a 5xx, writes no payment, and hides the provider’s text', async () => {
    const client = await createAccount(t);
    stripe.failNext();
    const response = await checkout(client, { id: 'arraigo' });
    expect(response.statusCode).toBe(500);
    expect(response.json().message).not.toContain('Fake');
    expect(await t.database.db.select().from(payments).where(eq(payments.userId, client.user.id))).toHaveLength(0);
  });

  it('keeps the test provider’s checkout page closed', async () => {
    const client = await createAccount(t);
    const response = await t.app.inject({ url: `/api/payments/test-checkout/test_${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`, headers: { cookie: client.cookie } });
    expect(response.statusCode).toBe(404);
  });
});

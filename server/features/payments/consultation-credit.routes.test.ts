import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cases, invoices, payments, refunds } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { testClock } from '#server/test/clock.ts';
import { startFakeStripe, type FakeStripe } from '#server/test/fake-stripe.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { acceptingLetter } from '#server/test/engagement.ts';

const webhookSecret = 'whsec_test_secret_for_the_fake';
const minute = 60_000;

/** How long the second request of each race waits: at once, while the first runs, and once it is over. */
const staggers = [0, 10, 30, 80, 200, 500];
const later = <T>(delayMs: number, request: () => Promise<T>) => new Promise<T>((resolve, reject) => setTimeout(() => request().then(resolve, reject), delayMs));

/**
 * The consultation credit is one thing with one state (decisions/020): a consultation's fee that an
 * open case checkout deducts is not refunded, and a case checkout paid once that fee is gone opens
 * nothing and is given back whole. Through Stripe (the SDK pointed at a local fake), whose webhook
 * may deliver a payment long after its page closed.
 */
describe('the consultation credit between a refund and a case checkout', () => {
  const clock = testClock();
  let t: TestApp;
  let stripe: FakeStripe;
  let capture: MailCapture;
  let admin: TestAccount;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    capture = await startMailCapture();
    t = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_fake_key',
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        APP_URL: 'https://asesoria.test',
        SMTP_URL: capture.url,
        FIRM_EMAIL: 'despacho@example.com',
      },
      configure: (config) => {
        if (!config.payments.stripe) throw new Error('Stripe is not configured');
        return { ...config, payments: { ...config.payments, stripe: { ...config.payments.stripe, api: stripe.api } } };
      },
      worker: { clock: clock.now },
    });
    admin = await createAccount(t, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
    await capture.close();
  });

  const open = async (account: TestAccount, serviceId: string) => {
    const payload = await acceptingLetter(t.app, { cookie: account.cookie }, { service: { id: serviceId }, user: account.user });
    const response = await t.app.inject({ method: 'POST', url: '/api/payments/checkout', headers: { cookie: account.cookie }, payload });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ url: string }>().url.split('/').at(-1) ?? '';
  };
  const complete = (sessionId: string) => {
    const { payload, signature } = stripe.webhook(
      { type: 'checkout.session.completed', session: { id: sessionId, payment_status: 'paid', status: 'complete', payment_intent: `pi_${sessionId}` } },
      webhookSecret,
    );
    return t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, payload });
  };
  const paymentOf = async (sessionId: string) => {
    const [row] = await t.database.db.select().from(payments).where(eq(payments.providerSessionId, sessionId));
    if (!row) throw new Error(`no payment for ${sessionId}`);
    return row;
  };
  const refundWhole = (paymentId: string, language = 'es') =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${paymentId}/refunds`,
      headers: { cookie: admin.cookie, 'accept-language': language },
      payload: { amountCents: 1999, reason: 'No podemos atenderla', outcome: 'cancel' },
    });

  /** A client with a paid express consultation (19,99 €) and a case checkout priced with its fee (280,01 €), still open. */
  async function creditInCheckout() {
    const client = await createAccount(t);
    const consultationSession = await open(client, 'express');
    expect((await complete(consultationSession)).statusCode).toBe(200);
    const consultation = await paymentOf(consultationSession);
    const caseSession = await open(client, 'arraigo');
    expect(await paymentOf(caseSession)).toMatchObject({ amountCents: 28001, creditedCents: 1999, creditConsultationId: consultation.consultationId });
    return { client, consultation, caseSession };
  }

  it('refuses to refund a consultation whose fee an open case checkout deducts; once that case is paid, the refund stays refused', async () => {
    const { client, consultation, caseSession } = await creditInCheckout();
    const refused = await refundWhole(consultation.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Un pago de un expediente que está abierto ahora descuenta lo pagado por esta consulta. Espera a que se pague o caduque (como mucho 31 minutos) y vuelve a intentarlo; si se paga, reembolsa el expediente.',
    );
    expect((await refundWhole(consultation.id, 'en')).json().message).toMatch(/^A case payment open right now deducts what was paid for this consultation\./);
    expect(stripe.requests.filter((request) => request.path === '/v1/refunds' && request.form.get('payment_intent') === consultation.providerPaymentId)).toEqual([]);

    expect((await complete(caseSession)).statusCode).toBe(200);
    expect(await paymentOf(caseSession)).toMatchObject({ paymentStatus: 'paid', amountCents: 28001, creditConsultationId: consultation.consultationId });
    expect(await t.database.db.select().from(cases).where(eq(cases.userId, client.user.id))).toHaveLength(1);
    const afterPaid = await refundWhole(consultation.id);
    expect(afterPaid.statusCode).toBe(409);
    expect(afterPaid.json().message).toBe('Lo pagado por esta consulta ya se descontó de un expediente: reembolsa el expediente.');
    expect(await paymentOf(consultation.providerSessionId ?? '')).toMatchObject({ paymentStatus: 'paid', refundedCents: 0 });
  });

  it('opens nothing for a case checkout paid after its credit was refunded, and gives that payment back whole', async () => {
    const { client, consultation, caseSession } = await creditInCheckout();
    // The checkout's page has closed; Stripe delivers its payment's webhook late, after the firm refunded the consultation.
    clock.advance(32 * minute);
    expect((await refundWhole(consultation.id)).statusCode).toBe(201);
    expect((await complete(caseSession)).statusCode).toBe(200);

    const payment = await paymentOf(caseSession);
    expect(payment).toMatchObject({ paymentStatus: 'refunded', refundedCents: 28001, caseId: null, providerPaymentId: `pi_${caseSession}`, paidAt: expect.any(Date) });
    expect(await t.database.db.select().from(cases).where(eq(cases.userId, client.user.id))).toEqual([]);
    expect(await t.database.db.select().from(invoices).where(eq(invoices.paymentId, payment.id))).toEqual([]);
    const [given] = await t.database.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(given).toMatchObject({ amountCents: 28001, outcome: 'cancel', createdBy: null, providerRefundId: expect.stringMatching(/^re_/) });
    const request = stripe.requests.findLast((sent) => sent.path === '/v1/refunds');
    expect(request?.form.get('payment_intent')).toBe(`pi_${caseSession}`);
    expect(request?.form.get('amount')).toBe('28001');
    expect(request?.headers['idempotency-key']).toBe(`refund-${given?.id}`);

    const mail = await capture.waitFor(client.user.email, /^Te devolvemos tu pago de «Arraigo»$/);
    expect(mail.text).toContain('no hemos abierto el expediente y te devolvemos el pago entero');
    await capture.waitFor('despacho@example.com', /^Pago devuelto: Arraigo - /);
    // The credit is gone for good: the next case costs its price.
    const quote = await t.app.inject({ url: '/api/payments/quote/arraigo', headers: { cookie: client.cookie } });
    expect(quote.json()).toMatchObject({ creditedCents: 0, amountCents: 30000 });
  });

  it('asks Stripe again, from the worker, for a refund it refused the first time', async () => {
    const { consultation, caseSession } = await creditInCheckout();
    clock.advance(32 * minute);
    expect((await refundWhole(consultation.id)).statusCode).toBe(201);
    stripe.refuseNextRefund();
    expect((await complete(caseSession)).statusCode).toBe(200);
    const payment = await paymentOf(caseSession);
    const refundOf = async () => (await t.database.db.select().from(refunds).where(eq(refunds.paymentId, payment.id)))[0];
    expect(await refundOf()).toMatchObject({ amountCents: 28001, providerRefundId: null });

    clock.advance(16 * minute);
    await t.app.worker.kick();
    const given = await refundOf();
    expect(given?.providerRefundId).toMatch(/^re_/);
    const asked = stripe.requests.filter((request) => request.path === '/v1/refunds' && request.form.get('payment_intent') === `pi_${caseSession}`);
    expect(asked.map((request) => request.headers['idempotency-key'])).toEqual([`refund-${given?.id}`, `refund-${given?.id}`]);
  });

  it('never both refunds a consultation and credits its fee to a case paid at the same moment, or just before or after', async () => {
    const races = await Promise.all(staggers.map(async (delayMs) => ({ ...(await creditInCheckout()), delayMs })));
    clock.advance(32 * minute);
    const answers = await Promise.all(
      races.map(async (race) => ({ ...race, answers: await Promise.all([refundWhole(race.consultation.id), later(race.delayMs, () => complete(race.caseSession))]) })),
    );
    for (const { client, consultation, caseSession, answers: [refund, delivered] } of answers) {
      expect(delivered.statusCode).toBe(200);
      const casePayment = await paymentOf(caseSession);
      const consultationPayment = await paymentOf(consultation.providerSessionId ?? '');
      const opened = await t.database.db.select().from(cases).where(eq(cases.userId, client.user.id));
      if (refund.statusCode === 201) {
        expect(consultationPayment).toMatchObject({ paymentStatus: 'refunded' });
        expect(casePayment).toMatchObject({ paymentStatus: 'refunded', refundedCents: 28001, caseId: null });
        expect(opened).toEqual([]);
      } else {
        expect(refund.statusCode).toBe(409);
        expect(consultationPayment).toMatchObject({ paymentStatus: 'paid', refundedCents: 0 });
        expect(casePayment).toMatchObject({ paymentStatus: 'paid', creditedCents: 1999, caseId: opened[0]?.id });
      }
    }
  });

  it('never both refunds a consultation and prices a case checkout opened at the same moment, or just before or after, with its fee', async () => {
    const outcomes = await Promise.all(
      staggers.map(async (delayMs) => {
        const client = await createAccount(t);
        const consultationSession = await open(client, 'express');
        expect((await complete(consultationSession)).statusCode).toBe(200);
        const consultation = await paymentOf(consultationSession);
        // The letter is read first, priced with the credit: a refund made before the checkout makes it another price (a 409, nothing opened).
        const payload = await acceptingLetter(t.app, { cookie: client.cookie }, { service: { id: 'arraigo' }, user: client.user });
        const [refund, checkout] = await Promise.all([
          later(delayMs, () => refundWhole(consultation.id)),
          t.app.inject({ method: 'POST', url: '/api/payments/checkout', headers: { cookie: client.cookie }, payload }),
        ]);
        const [casePayment] = await t.database.db.select().from(payments).where(and(eq(payments.serviceId, 'arraigo'), eq(payments.userId, client.user.id)));
        return { refund: refund.statusCode, checkout: checkout.statusCode, creditedCents: casePayment?.creditedCents ?? 0 };
      }),
    );
    for (const outcome of outcomes) {
      if (outcome.refund === 201) expect(outcome.creditedCents).toBe(0);
      else expect(outcome).toMatchObject({ refund: 409, checkout: 200, creditedCents: 1999 });
    }
  });
});

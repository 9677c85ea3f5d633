import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cases, invoices, payments, refunds } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { startFakeStripe, type FakeStripe } from '#server/test/fake-stripe.ts';
import { acceptingLetter } from '#server/test/engagement.ts';

const webhookSecret = 'whsec_test_secret_for_the_fake';

describe('refunds through Stripe (the SDK pointed at a local fake)', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  let admin: TestAccount;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_fake_key', STRIPE_WEBHOOK_SECRET: webhookSecret, APP_URL: 'https://asesoria.test' },
      configure: (config) => {
        if (!config.payments.stripe) throw new Error('Stripe is not configured');
        return { ...config, payments: { ...config.payments, stripe: { ...config.payments.stripe, api: stripe.api } } };
      },
    });
    admin = await createAccount(t, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  /** A case hired and paid: Stripe's checkout session, then its signed 'completed' webhook naming the payment intent. */
  async function paidCase(account: TestAccount, paymentIntent: string) {
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers: { cookie: account.cookie },
      payload: await acceptingLetter(t.app, { cookie: account.cookie }, { service: { id: 'arraigo' }, user: account.user }),
    });
    expect(checkout.statusCode).toBe(200);
    const sessionId = checkout.json<{ url: string }>().url.split('/').at(-1) ?? '';
    const { payload, signature } = stripe.webhook(
      { type: 'checkout.session.completed', session: { id: sessionId, payment_status: 'paid', status: 'complete', payment_intent: paymentIntent } },
      webhookSecret,
    );
    const delivered = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      payload,
    });
    expect(delivered.statusCode).toBe(200);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.providerSessionId, sessionId));
    if (!payment) throw new Error('no payment');
    return payment;
  }

  const refund = (paymentId: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/admin/payments/${paymentId}/refunds`, headers: { cookie: admin.cookie }, payload });

  it('keeps the payment intent of a paid session and refunds against it, once per refund', async () => {
    const client = await createAccount(t);
    const payment = await paidCase(client, 'pi_test_amina_arraigo');
    expect(payment).toMatchObject({ paymentStatus: 'paid', providerPaymentId: 'pi_test_amina_arraigo' });

    const response = await refund(payment.id, { amountCents: 12050, reason: 'Parte no prestada', outcome: 'keep_open' });
    expect(response.statusCode, response.body).toBe(201);
    const request = stripe.requests.at(-1);
    expect(request).toMatchObject({ method: 'POST', path: '/v1/refunds' });
    expect(request?.form.get('payment_intent')).toBe('pi_test_amina_arraigo');
    expect(request?.form.get('amount')).toBe('12050');
    expect(request?.form.get('metadata[paymentId]')).toBe(payment.id);
    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(row).toMatchObject({ amountCents: 12050, providerRefundId: expect.stringMatching(/^re_/) });
    expect(request?.headers['idempotency-key']).toBe(`refund-${row?.id}`);
    expect((await t.database.db.select().from(payments).where(eq(payments.id, payment.id)))[0]).toMatchObject({ refundedCents: 12050, paymentStatus: 'paid' });
  });

  it('answers a refund Stripe refuses with a translated 502, and changes nothing', async () => {
    const client = await createAccount(t);
    const payment = await paidCase(client, 'pi_test_disputed');
    const invoicesBefore = await t.database.db.select().from(invoices).where(eq(invoices.paymentId, payment.id));
    stripe.refuseNextRefund();

    const response = await refund(payment.id, { amountCents: 30000, reason: 'Desistimiento', outcome: 'cancel' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      code: 'paymentProvider',
      message: 'La pasarela de pago no ha hecho el reembolso y no se ha cambiado nada. Revísalo en su panel o vuelve a intentarlo.',
    });
    expect(stripe.requests.at(-1)?.path).toBe('/v1/refunds');
    expect((await t.database.db.select().from(payments).where(eq(payments.id, payment.id)))[0]).toMatchObject({ paymentStatus: 'paid', refundedCents: 0 });
    expect(await t.database.db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).toHaveLength(0);
    expect(await t.database.db.select().from(invoices).where(eq(invoices.paymentId, payment.id))).toEqual(invoicesBefore);
    expect((await t.database.db.select().from(cases).where(eq(cases.id, payment.caseId ?? 0)))[0]?.stage).toBe('awaiting_documents');
  });
});

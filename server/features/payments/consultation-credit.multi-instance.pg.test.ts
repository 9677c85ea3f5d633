import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cases, payments, refunds } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { startInstances, type Instance } from '#server/test/instances.ts';
import { acceptingLetter } from '#server/test/engagement.ts';

/** How long the second request of each race waits: at once, while the first runs, and once it is over. */
const staggers = [0, 10, 30, 80, 200, 500];
const later = <T>(delayMs: number, request: () => Promise<T>) => new Promise<T>((resolve, reject) => setTimeout(() => request().then(resolve, reject), delayMs));

/** Runs only in the api-postgres project (vitest.config.ts): PGlite lives in one process. */
describe('the consultation credit between refunds and case checkouts, through two server instances on one PostgreSQL', () => {
  let running: Awaited<ReturnType<typeof startInstances>>;
  let instances: [Instance, Instance];
  let admins: [TestAccount, TestAccount];

  beforeAll(async () => {
    running = await startInstances(2);
    instances = running.instances as [Instance, Instance];
    admins = [await createAccount(instances[0], { role: 'admin' }), await createAccount(instances[1], { role: 'admin' })];
  });
  afterAll(async () => {
    await running?.close();
  });

  const db = () => instances[0].database.db;
  const open = async (instance: Instance, client: TestAccount, serviceId: string) =>
    instance.app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers: { cookie: client.cookie },
      payload: await acceptingLetter(instance.app, { cookie: client.cookie }, { service: { id: serviceId }, user: { id: client.user.id, email: client.user.email } }),
    });
  const sessionOf = (url: string) => new URL(url).searchParams.get('session') ?? '';
  const pay = (instance: Instance, client: TestAccount, session: string) =>
    instance.app.inject({ method: 'POST', url: `/api/payments/test-checkout/${session}/pay`, headers: { cookie: client.cookie } });
  const refundWhole = (index: number, paymentId: string) =>
    instances[index % 2 === 0 ? 0 : 1].app.inject({
      method: 'POST',
      url: `/api/admin/payments/${paymentId}/refunds`,
      headers: { cookie: admins[index % 2 === 0 ? 0 : 1].cookie },
      payload: { amountCents: 1999, reason: `Reembolso ${index + 1}`, outcome: 'keep_open' },
    });

  /** A client with a paid express consultation, paid on the other instance. */
  async function paidConsultation() {
    const client = await createAccount(instances[0]);
    const session = sessionOf((await open(instances[0], client, 'express')).json<{ url: string }>().url);
    expect((await pay(instances[1], client, session)).statusCode).toBe(204);
    const [consultation] = await db().select().from(payments).where(eq(payments.providerSessionId, session));
    if (!consultation) throw new Error('no consultation payment');
    return { client, consultation };
  }

  it('refuses every refund of a consultation while its fee is in an open case checkout, paid on either instance at the same moment', async () => {
    const { client, consultation } = await paidConsultation();
    const opened = await open(instances[1], client, 'arraigo');
    const session = sessionOf(opened.json<{ url: string }>().url);
    const [paid, ...refundAnswers] = await Promise.all([
      pay(instances[0], client, session),
      ...staggers.map((delayMs, index) => later(delayMs, () => refundWhole(index, consultation.id))),
    ]);
    expect(paid.statusCode).toBe(204);
    expect(refundAnswers.map((answer) => answer.statusCode)).toEqual(staggers.map(() => 409));
    expect(await db().select().from(refunds).where(eq(refunds.paymentId, consultation.id))).toEqual([]);
    const [casePayment] = await db().select().from(payments).where(eq(payments.providerSessionId, session));
    expect(casePayment).toMatchObject({ paymentStatus: 'paid', creditedCents: 1999, creditConsultationId: consultation.consultationId });
    expect(await db().select().from(cases).where(eq(cases.userId, client.user.id))).toHaveLength(1);
  });

  it('never both refunds a consultation and prices a case checkout opened on the other instance with its fee', async () => {
    const outcomes = await Promise.all(
      staggers.map(async (delayMs, index) => {
        const { client, consultation } = await paidConsultation();
        const [refund, checkout] = await Promise.all([later(delayMs, () => refundWhole(index, consultation.id)), open(instances[(index + 1) % 2] as Instance, client, 'arraigo')]);
        const [casePayment] = await db()
          .select()
          .from(payments)
          .where(and(eq(payments.userId, client.user.id), eq(payments.serviceId, 'arraigo')));
        return { refund: refund.statusCode, checkout: checkout.statusCode, creditedCents: casePayment?.creditedCents ?? 0 };
      }),
    );
    for (const outcome of outcomes) {
      if (outcome.refund === 201) expect(outcome.creditedCents).toBe(0);
      else expect(outcome).toMatchObject({ refund: 409, checkout: 200, creditedCents: 1999 });
    }
  });
});

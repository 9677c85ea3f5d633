import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, payments, refunds } from '#server/db/schema/index.ts';
import { verifyInvoiceChain } from '#server/features/invoices/invoices.service.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { startInstances, type Instance } from '#server/test/instances.ts';
import { acceptingLetter } from '#server/test/engagement.ts';

/** Runs only in the api-postgres project (vitest.config.ts): PGlite lives in one process. */
describe('refunds of one payment at once, through two server instances on one PostgreSQL', () => {
  let running: Awaited<ReturnType<typeof startInstances>>;
  let instances: [Instance, Instance];

  beforeAll(async () => {
    running = await startInstances(2);
    instances = running.instances as [Instance, Instance];
  });
  afterAll(async () => {
    await running?.close();
  });

  it('never gives back more than was paid: of six refunds of a third and a cent, two are made', async () => {
    const client = await createAccount(instances[0]);
    const admins = await Promise.all(instances.map((instance) => createAccount(instance, { role: 'admin' })));
    const checkout = await instances[0].app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers: { cookie: client.cookie },
      payload: await acceptingLetter(instances[0].app, { cookie: client.cookie }, { service: { id: 'arraigo' }, user: { id: client.user.id, email: client.user.email } }),
    });
    const session = new URL(checkout.json<{ url: string }>().url).searchParams.get('session') ?? '';
    expect((await instances[1].app.inject({ method: 'POST', url: `/api/payments/test-checkout/${session}/pay`, headers: { cookie: client.cookie } })).statusCode).toBe(204);
    const db = instances[0].database.db;
    const [payment] = await db.select().from(payments).where(eq(payments.providerSessionId, session));
    if (!payment) throw new Error('no payment');

    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        instances[index % 2]?.app.inject({
          method: 'POST',
          url: `/api/admin/payments/${payment.id}/refunds`,
          headers: { cookie: (admins[index % 2] as TestAccount).cookie },
          payload: { amountCents: 10001, reason: `Reembolso ${index + 1}`, outcome: 'keep_open' },
        }),
      ),
    );
    expect(answers.map((answer) => answer?.statusCode).sort()).toEqual([201, 201, 400, 400, 400, 400]);
    expect((await db.select().from(payments).where(eq(payments.id, payment.id)))[0]).toMatchObject({ paymentStatus: 'paid', refundedCents: 20002 });
    expect(await db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).toHaveLength(2);
    expect(await db.select().from(invoices).where(and(eq(invoices.paymentId, payment.id), eq(invoices.series, 'R')))).toHaveLength(2);
    expect(await verifyInvoiceChain({ db })).toMatchObject({ count: 3, problems: [] });
  });
});

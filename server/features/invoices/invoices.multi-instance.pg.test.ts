import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, payments } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { startInstances, type Instance } from '#server/test/instances.ts';
import { acceptingLetter } from '#server/test/engagement.ts';
import { invoicing, issueInvoice, verifyInvoiceChain } from './invoices.service.ts';

/** Runs only in the api-postgres project (vitest.config.ts): PGlite lives in one process. */
const year = new Date().getFullYear();

describe('invoice numbers across two server instances on one PostgreSQL', () => {
  let running: Awaited<ReturnType<typeof startInstances>>;
  let one: Instance;
  let two: Instance;

  beforeAll(async () => {
    running = await startInstances(2);
    [one, two] = running.instances as [Instance, Instance];
  });
  afterAll(async () => {
    await running?.close();
  });

  async function openCheckout(instance: Instance, account: TestAccount, serviceId: string): Promise<string> {
    const response = await instance.app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers: { cookie: account.cookie },
      payload: await acceptingLetter(instance.app, { cookie: account.cookie }, { service: { id: serviceId }, user: account.user }),
    });
    expect(response.statusCode, response.body).toBe(200);
    return new URL(response.json<{ url: string }>().url).searchParams.get('session') ?? '';
  }

  it('numbers payments settled at the same moment on both instances 1, 2, 3… with no gap or repeat, in one chain', async () => {
    const clients = await Promise.all(Array.from({ length: 12 }, () => createAccount(one)));
    const sessions = await Promise.all(clients.map((client, index) => openCheckout(index % 2 ? two : one, client, index % 3 ? 'express' : 'nie-crue')));
    const paid = await Promise.all(
      sessions.map((session, index) =>
        (index % 2 ? one : two).app.inject({ method: 'POST', url: `/api/payments/test-checkout/${session}/pay`, headers: { cookie: clients[index]?.cookie ?? '' } }),
      ),
    );
    expect(paid.map((response) => response.statusCode).every((status) => status < 300)).toBe(true);

    const issued = await one.database.db.select().from(invoices).orderBy(invoices.position);
    expect(issued.map((row) => row.number)).toEqual(Array.from({ length: 12 }, (_, index) => `F-${year}-${String(index + 1).padStart(4, '0')}`));
    expect(new Set(issued.map((row) => row.paymentId)).size).toBe(12);
    expect(await verifyInvoiceChain({ db: two.database.db })).toEqual({ count: 12, records: 12, last: `F-${year}-0012`, problems: [] });
  });

  it('gives back the number of an invoice whose transaction rolled back', async () => {
    const client = await createAccount(two);
    const session = await openCheckout(two, client, 'express');
    const [pending] = await two.database.db.select().from(payments).where(eq(payments.providerSessionId, session));
    if (!pending) throw new Error('no pending payment');
    const draft = { paymentId: pending.id, userId: client.user.id, lines: [{ kind: 'service' as const, title: 'Consulta exprés', amountCents: 1999 }], currency: 'eur', method: 'cash' as const, billing: null, tax: null };
    const deps = invoicing(two.app.config, two.app.outbox, () => new Date());
    await expect(
      two.database.db.transaction(async (tx) => {
        expect((await issueInvoice({ db: tx, ...deps }, draft)).number).toBe(`F-${year}-0013`);
        throw new Error('the payment could not be settled');
      }),
    ).rejects.toThrow('the payment could not be settled');

    await one.app.inject({ method: 'POST', url: `/api/payments/test-checkout/${session}/pay`, headers: { cookie: client.cookie } });
    const [invoice] = await one.database.db.select().from(invoices).where(eq(invoices.paymentId, pending.id));
    expect(invoice?.number).toBe(`F-${year}-0013`);
    expect((await verifyInvoiceChain({ db: one.database.db })).problems).toEqual([]);
  });

  it('npm run invoices:verify holds on the chain, and fails naming the invoice once someone changes one behind the trigger', async () => {
    const verify = () =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/invoices-verify.ts'], {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: running.databaseUrl },
        encoding: 'utf8',
      });
    const holding = verify();
    expect(holding.stderr).toBe('');
    expect(holding).toMatchObject({ status: 0, stdout: `The invoice chain holds: 13 invoices, the last F-${year}-0013, every fingerprint and number in order; 13 VeriFactu billing records, chained and each saying what its invoice says.\n` });

    const db = one.database.db;
    await db.execute(sql`alter table invoices disable trigger invoices_immutable`);
    await db.execute(sql`update invoices set content = jsonb_set(content, '{buyer,name}', '"Otra persona"') where number = ${`F-${year}-0005`}`);
    await db.execute(sql`alter table invoices enable trigger invoices_immutable`);
    const broken = verify();
    expect(broken.status).toBe(1);
    expect(broken.stdout).toBe('');
    expect(broken.stderr).toBe(`The invoice chain is broken:\n- F-${year}-0005: its content no longer matches its fingerprint.\n`);
  });
});

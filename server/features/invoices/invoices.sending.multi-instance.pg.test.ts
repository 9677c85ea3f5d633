import fs from 'node:fs';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingRecordSendings, billingRecords, invoices } from '#server/db/schema/index.ts';
import { createAgencyClient } from '#server/integrations/verifactu/agency-client.ts';
import { createAccount } from '#server/test/accounts.ts';
import { startFakeAgency, type FakeAgency } from '#server/test/fake-agency.ts';
import { createPaidCase } from '#server/test/factories.ts';
import { startInstances, type Instance } from '#server/test/instances.ts';
import { createVerifactuCertificates, type VerifactuCertificates } from '#server/test/verifactu-certificates.ts';
import { sendWaitingBillingRecords, type SendingDeps } from './invoices.sending.service.ts';

/** Runs only in the api-postgres project (vitest.config.ts): PGlite lives in one process. */
describe('sending the billing records from two server instances on one PostgreSQL', () => {
  let running: Awaited<ReturnType<typeof startInstances>>;
  let one: Instance;
  let two: Instance;
  let certificates: VerifactuCertificates;
  let agency: FakeAgency;

  beforeAll(async () => {
    certificates = createVerifactuCertificates();
    agency = await startFakeAgency(certificates);
    running = await startInstances(2);
    [one, two] = running.instances as [Instance, Instance];
  });
  afterAll(async () => {
    await running?.close();
    await agency.close();
    certificates.remove();
  });

  const sendingFrom = (instance: Instance): SendingDeps => ({
    db: instance.database.db,
    firm: instance.app.config.firm,
    agency: createAgencyClient({ pfx: fs.readFileSync(certificates.firmP12Path), passphrase: certificates.password, endpoint: agency.url, isProduction: false, ca: certificates.ca }),
    now: () => new Date(),
    log: instance.app.log,
  });

  it('sends each waiting record once, whichever instance claims it', async () => {
    const client = await createAccount(one);
    for (let index = 0; index < 6; index += 1) await createPaidCase(one.app, client, 'nie-crue');
    // The records of a firm that sends them: each waits for a send.
    const records = await one.database.db.select({ id: billingRecords.id, position: billingRecords.position }).from(billingRecords).orderBy(asc(billingRecords.position));
    await one.database.db.insert(billingRecordSendings).values(records.map((record) => ({ recordId: record.id, position: record.position })));

    const sent = await Promise.all([sendWaitingBillingRecords(sendingFrom(one)), sendWaitingBillingRecords(sendingFrom(two))]);
    expect(sent).toContain(true);
    const numbers = agency.received.flatMap((send) => send.invoiceNumbers);
    const issued = await one.database.db.select({ number: invoices.number }).from(invoices).orderBy(asc(invoices.position));
    expect([...numbers].sort()).toEqual(issued.map((row) => row.number).sort());
    const states = await two.database.db.select({ state: billingRecordSendings.state, claimedUntil: billingRecordSendings.claimedUntil }).from(billingRecordSendings);
    expect(states).toEqual(records.map(() => ({ state: 'accepted', claimedUntil: null })));
    expect(await one.database.db.select().from(billingRecordSendings).where(eq(billingRecordSendings.state, 'pending'))).toEqual([]);
  });
});

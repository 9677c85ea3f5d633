import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createPaidCase } from '#server/test/factories.ts';
import { startInstances, type Instance } from '#server/test/instances.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { createOfficialAppointmentMails } from './official-appointments.mails.ts';
import { sendAppointmentReminders } from './official-appointments.service.ts';

/** Runs only in the api-postgres project (vitest.config.ts): PGlite lives in one process. */
const hour = 60 * 60 * 1000;

describe('appointments with the administration across two server instances on one PostgreSQL', () => {
  let running: Awaited<ReturnType<typeof startInstances>>;
  /** One clock for both workers, moved by the test. */
  let now = new Date('2026-11-30T08:00:00Z');
  let one: Instance;
  let two: Instance;
  let smtp: MailCapture;
  let lawyer: TestAccount;
  let client: TestAccount;

  beforeAll(async () => {
    smtp = await startMailCapture();
    running = await startInstances(2, { env: { SMTP_URL: smtp.url }, worker: { clock: () => now, pollMs: 24 * hour } });
    [one, two] = running.instances as [Instance, Instance];
    lawyer = await createAccount(one, { role: 'admin' });
    client = await createAccount(one, { firstName: 'Amina', lastName: 'Diallo' });
  });
  afterAll(async () => {
    await running?.close();
    await smtp?.close();
  });

  it('sends each reminder once, whichever worker runs the pass, however many times both run it together', async () => {
    const caseId = await createPaidCase(one.app, client, 'arraigo');
    const created = await two.app.inject({
      method: 'POST',
      url: `/api/admin/cases/${caseId}/official-appointments`,
      headers: { cookie: lawyer.cookie },
      payload: { kind: 'fingerprints', day: '2026-12-10', time: '09:30', office: 'Comisaría de Elche', officeAddress: 'Avinguda de la Llibertat 26', reference: '', whatToBring: 'Pasaporte' },
    });
    expect(created.statusCode).toBe(201);

    for (const instant of ['2026-12-07T12:00:00Z', '2026-12-07T14:00:00Z', '2026-12-09T12:00:00Z', '2026-12-09T14:00:00Z']) {
      now = new Date(instant);
      for (let round = 0; round < 3; round += 1) await Promise.all([one.app.worker.kick(), two.app.worker.kick()]);
    }
    await Promise.all([one.app.worker.kick(), two.app.worker.kick()]);

    const reminders = smtp.messages.filter((message) => message.to.includes(client.user.email.toLowerCase()) && message.subject.startsWith('Recordatorio'));
    expect(reminders).toHaveLength(2);
  });

  it('keeps a reminder once when both instances run the reminder pass at the same instant', async () => {
    const caseId = await createPaidCase(one.app, client, 'arraigo');
    const created = await one.app.inject({
      method: 'POST',
      url: `/api/admin/cases/${caseId}/official-appointments`,
      headers: { cookie: lawyer.cookie },
      payload: { kind: 'oath', day: '2026-12-22', time: '10:00', office: 'Registro Civil de Elche', officeAddress: 'Plaça de Baix 1', reference: '', whatToBring: 'Pasaporte' },
    });
    expect(created.statusCode).toBe(201);
    now = new Date('2026-12-21T12:00:00Z');
    const pass = (instance: Instance) =>
      sendAppointmentReminders({ db: instance.database.db, mails: createOfficialAppointmentMails(instance.app.config, instance.app.outbox), now: () => now });
    const sent = await Promise.all([pass(one), pass(two), pass(one), pass(two)]);
    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultations } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { startInstances, type Instance } from '#server/test/instances.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { createAppointmentMails } from './appointment.mails.ts';
import { sendAppointmentReminders } from './appointment.service.ts';

/** Runs only in the api-postgres project (vitest.config.ts): PGlite lives in one process. */
const hour = 60 * 60 * 1000;

describe('appointment reminders across two server instances on one PostgreSQL', () => {
  let running: Awaited<ReturnType<typeof startInstances>>;
  const now = new Date('2026-11-23T08:00:00Z');
  let one: Instance;
  let two: Instance;
  let smtp: MailCapture;
  let client: TestAccount;

  beforeAll(async () => {
    smtp = await startMailCapture();
    running = await startInstances(2, { env: { SMTP_URL: smtp.url, FIRM_EMAIL: 'despacho@example.com' }, worker: { clock: () => now, pollMs: 24 * hour } });
    [one, two] = running.instances as [Instance, Instance];
    client = await createAccount(one, { firstName: 'Amina', lastName: 'Diallo' });
  });
  afterAll(async () => {
    await running?.close();
    await smtp?.close();
  });

  const delivered = (recipient: string, subject: RegExp) => smtp.messages.filter((message) => message.to.includes(recipient) && subject.test(message.subject));

  it('mails the reminder once to the client and once to the firm when both instances run the pass at the same instant', async () => {
    await one.database.db.insert(consultations).values({
      userId: client.user.id,
      consultationType: 'scheduled',
      details: { service_id: 'scheduled' },
      scheduledAt: new Date(now.getTime() + 20 * hour),
      meetingMode: 'phone',
    });
    const pass = (instance: Instance) =>
      sendAppointmentReminders({ db: instance.database.db, mails: createAppointmentMails(instance.app.config, instance.app.outbox, () => now), now: () => now });
    const reminded = await Promise.all([pass(one), pass(two), pass(one), pass(two)]);
    expect(reminded.reduce((sum, count) => sum + count, 0)).toBe(1);

    for (let round = 0; round < 3; round += 1) await Promise.all([one.app.worker.kick(), two.app.worker.kick()]);
    await smtp.waitFor(client.user.email, /^Recordatorio de tu consulta/);
    await smtp.waitFor('despacho@example.com', /^Recordatorio de cita: Amina Diallo/);
    expect(delivered(client.user.email, /^Recordatorio/)).toHaveLength(1);
    expect(delivered('despacho@example.com', /^Recordatorio de cita/)).toHaveLength(1);
  });
});

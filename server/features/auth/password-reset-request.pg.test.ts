import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '#server/test/accounts.ts';
import { startInstances, type Instance } from '#server/test/instances.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';

/** Runs only in the api-postgres project (vitest.config.ts): it holds a lock from a second connection. */
describe('the forgot-password form answers before any work on the account', () => {
  let running: Awaited<ReturnType<typeof startInstances>>;
  let instance: Instance;
  let smtp: MailCapture;

  beforeAll(async () => {
    smtp = await startMailCapture();
    running = await startInstances(1, { env: { SMTP_URL: smtp.url } });
    [instance] = running.instances as [Instance];
  });
  afterAll(async () => {
    await running?.close();
    await smtp?.close();
  });

  const forgot = (email: string) =>
    instance.app.inject({ method: 'POST', url: '/api/account/password/forgot', payload: { email }, remoteAddress: `10.91.0.${email.length}` });

  /** Settles with the answer, or with 'waiting' if it has not come within the time given. */
  const within = <T>(promise: Promise<T>, ms: number) =>
    Promise.race([promise, new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), ms))]);

  it('answers an existing and an unknown address alike while the reset tokens cannot be written, and mails the link after', async () => {
    const client = await createAccount(instance);
    const blocker = new pg.Client({ connectionString: running.databaseUrl });
    await blocker.connect();
    try {
      // Whatever the reset does with its tokens waits behind this lock: an answer that came after that work could not arrive.
      await blocker.query('begin');
      await blocker.query('lock table verifications in access exclusive mode');
      const [known, unknown] = await Promise.all([within(forgot(client.user.email), 5_000), within(forgot('nadie@example.com'), 5_000)]);
      expect(known === 'waiting' ? known : known.statusCode).toBe(202);
      expect(unknown === 'waiting' ? unknown : unknown.statusCode).toBe(202);
      if (known !== 'waiting' && unknown !== 'waiting') expect(known.body).toBe(unknown.body);
      await blocker.query('commit');
    } finally {
      await blocker.end();
    }
    const mail = await smtp.waitFor(client.user.email, /contraseña/i);
    expect(mail.text).toMatch(/https?:\/\/\S+reset-password\S+/);
  });
});

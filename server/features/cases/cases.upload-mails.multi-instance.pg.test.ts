import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { startInstances, type Instance } from '#server/test/instances.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { multipartBody, sampleFiles } from '#server/test/multipart.ts';
import { acceptingLetter } from '#server/test/engagement.ts';
import { createCaseMails } from './cases.mails.ts';
import { mailNewUploads } from './cases.service.ts';

/** Runs only in the api-postgres project (vitest.config.ts): PGlite lives in one process. */
const minute = 60 * 1000;
const day = 24 * 60 * minute;

describe('the upload mail across two server instances on one PostgreSQL', () => {
  let running: Awaited<ReturnType<typeof startInstances>>;
  /** One clock for both instances. */
  let now = new Date('2026-11-23T09:00:00Z');
  let one: Instance;
  let two: Instance;
  let smtp: MailCapture;
  let client: TestAccount;
  let caseId: number;

  const upload = async (instance: Instance, filename: string) => {
    const body = multipartBody([{ name: 'document', filename, content: sampleFiles.pdf() }]);
    const response = await instance.app.inject({
      method: 'POST',
      url: `/api/cases/${caseId}/documents`,
      payload: body.payload,
      headers: { ...body.headers, cookie: client.cookie },
    });
    expect(response.statusCode).toBe(201);
  };
  const pass = (instance: Instance) => mailNewUploads({ db: instance.database.db, mails: createCaseMails(instance.app.config, instance.app.outbox), now: () => now });
  const uploadMails = () => smtp.messages.filter((message) => message.to.includes('despacho@example.com') && /Nuevos documentos/.test(message.subject));

  beforeAll(async () => {
    smtp = await startMailCapture();
    running = await startInstances(2, {
      env: { SMTP_URL: smtp.url, FIRM_EMAIL: 'despacho@example.com' },
      worker: { clock: () => now, pollMs: day },
    });
    [one, two] = running.instances as [Instance, Instance];
    client = await createAccount(one, { firstName: 'Amina', lastName: 'Diallo' });
    const checkout = await one.app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers: { cookie: client.cookie },
      payload: await acceptingLetter(one.app, { cookie: client.cookie }, { service: { id: 'arraigo' }, user: client.user }),
    });
    const session = new URL(checkout.json<{ url: string }>().url).searchParams.get('session');
    await two.app.inject({ method: 'POST', url: `/api/payments/test-checkout/${session}/pay`, headers: { cookie: client.cookie } });
    caseId = (await one.app.inject({ url: '/api/cases', headers: { cookie: client.cookie } })).json<Array<{ id: number }>>()[0]?.id ?? 0;
  });
  afterAll(async () => {
    await running?.close();
    await smtp?.close();
  });

  it('mails the uploads of a case exactly once when both instances run the pass at the same instant', async () => {
    await upload(one, 'pasaporte.pdf');
    await upload(two, 'empadronamiento.pdf');
    const mailed = await Promise.all([pass(one), pass(two), pass(one), pass(two)]);
    expect(mailed.reduce((sum, count) => sum + count, 0)).toBe(1);
    await Promise.all([one.app.worker.kick(), two.app.worker.kick()]);
    await expect.poll(() => uploadMails().length).toBe(1);
    expect(uploadMails()[0]?.text).toContain('• pasaporte.pdf');
    expect(uploadMails()[0]?.text).toContain('• empadronamiento.pdf');
  });

  it('sends the next batch once, an hour later, whichever worker runs the periodic task', async () => {
    await upload(two, 'contrato.pdf');
    now = new Date(now.getTime() + 30 * minute);
    for (let round = 0; round < 2; round += 1) await Promise.all([one.app.worker.kick(), two.app.worker.kick()]);
    expect(uploadMails()).toHaveLength(1);
    now = new Date(now.getTime() + 31 * minute);
    for (let round = 0; round < 3; round += 1) await Promise.all([one.app.worker.kick(), two.app.worker.kick()]);
    await expect.poll(() => uploadMails().length).toBe(2);
    expect(uploadMails()[1]?.text).toContain('• contrato.pdf');
    now = new Date(now.getTime() + 2 * 60 * minute);
    for (let round = 0; round < 2; round += 1) await Promise.all([one.app.worker.kick(), two.app.worker.kick()]);
    expect(uploadMails()).toHaveLength(2);
  });
});

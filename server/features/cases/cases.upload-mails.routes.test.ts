import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { createPaidCase } from '#server/test/factories.ts';
import { testClock } from '#server/test/clock.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { multipartBody, sampleFiles } from '#server/test/multipart.ts';
import { createCaseMails } from './cases.mails.ts';
import { mailNewUploads } from './cases.service.ts';

const minute = 60 * 1000;
const day = 24 * 60 * minute;

describe('cases: the firm’s mail about a client’s uploads', () => {
  let t: TestApp;
  let capture: MailCapture;
  const clock = testClock();
  let client: TestAccount;
  let admin: TestAccount;
  let caseId: number;

  const upload = async (account: TestAccount, url: string, filename: string) => {
    const body = multipartBody([{ name: 'document', filename, content: sampleFiles.pdf() }]);
    const response = await t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, cookie: account.cookie } });
    expect(response.statusCode).toBe(201);
  };
  const pass = () => mailNewUploads({ db: t.database.db, mails: createCaseMails(t.app.config, t.app.outbox), now: clock.now });
  const uploadMails = () => capture.messages.filter((message) => message.to.includes('despacho@example.com') && /Nuevos documentos/.test(message.subject));

  beforeAll(async () => {
    capture = await startMailCapture();
    t = await createTestApp({ env: { SMTP_URL: capture.url, FIRM_EMAIL: 'despacho@example.com' }, worker: { clock: clock.now, pollMs: day } });
    client = await createAccount(t, { firstName: 'Amina', lastName: 'Diallo' });
    admin = await createAccount(t, { role: 'admin' });
    caseId = await createPaidCase(t.app, client);
  });
  afterAll(async () => {
    await t.close();
    await capture.close();
  });

  it('lists the client’s new files in one mail per case, then waits an hour before the next, and never mails the firm’s own uploads', async () => {
    await upload(client, `/api/cases/${caseId}/documents`, 'pasaporte.pdf');
    await upload(client, `/api/cases/${caseId}/documents`, 'empadronamiento.pdf');
    await upload(admin, `/api/admin/cases/${caseId}/documents`, 'resolucion.pdf');
    expect(await pass()).toBe(1);
    expect(await pass()).toBe(0);
    const first = await capture.waitFor('despacho@example.com', /Nuevos documentos en el expediente EXP-\d{3}: Amina Diallo/);
    expect(first.text).toContain('• pasaporte.pdf');
    expect(first.text).toContain('• empadronamiento.pdf');
    expect(first.text).not.toContain('resolucion.pdf');
    expect(first.text).toMatch(/\/admin\/expedientes\/EXP-\d{3}/);

    await upload(client, `/api/cases/${caseId}/documents`, 'contrato.pdf');
    clock.advance(30 * minute);
    expect(await pass()).toBe(0);
    clock.advance(31 * minute);
    expect(await pass()).toBe(1);
    expect(await pass()).toBe(0);
    await t.app.worker.kick();
    await expect.poll(() => uploadMails().length).toBe(2);
    expect(uploadMails()[1]?.text).toContain('• contrato.pdf');
    expect(uploadMails()[1]?.text).not.toContain('pasaporte.pdf');
  });

  it('runs as the worker’s periodic task', async () => {
    await upload(client, `/api/cases/${caseId}/documents`, 'nomina.pdf');
    clock.advance(61 * minute);
    await t.app.worker.kick();
    await t.app.worker.kick();
    await expect.poll(() => uploadMails().filter((message) => message.text.includes('• nomina.pdf')).length).toBe(1);
    expect(uploadMails()).toHaveLength(3);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privacyPolicyVersion } from '#common/intake/fields.ts';
import { contactFormSubmissions } from '#server/db/schema/index.ts';
import { startInstances, type Instance } from '#server/test/instances.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';

/** Runs only in the api-postgres project (vitest.config.ts): PGlite lives in one process. */
const day = 24 * 60 * 60 * 1000;

describe('the morning mail of overdue requests across two server instances on one PostgreSQL', () => {
  let running: Awaited<ReturnType<typeof startInstances>>;
  /** One clock for both instances: Monday 30 November 2026, 07:30 in Elche, then the mornings a test names. */
  let now = new Date('2026-11-30T06:30:00Z');
  let one: Instance;
  let two: Instance;
  let smtp: MailCapture;

  beforeAll(async () => {
    smtp = await startMailCapture();
    running = await startInstances(2, { env: { SMTP_URL: smtp.url, FIRM_EMAIL: 'despacho@example.com' }, worker: { clock: () => now, pollMs: day } });
    [one, two] = running.instances as [Instance, Instance];
  });
  afterAll(async () => {
    await running?.close();
    await smtp?.close();
  });

  it('reaches the firm once a morning, whichever instance runs it, however often both try', async () => {
    // Received Monday 16 November at 9:00: due Monday 23 at 19:00.
    const receivedAt = new Date('2026-11-16T08:00:00Z');
    await one.database.db.insert(contactFormSubmissions).values({ name: 'Ana López', email: 'ana@example.com', message: 'Hola', privacyConsentedAt: receivedAt, privacyPolicyVersion, createdAt: receivedAt });

    for (const morning of ['2026-11-30T07:05:00Z', '2026-11-30T09:00:00Z', '2026-12-01T07:00:00Z', '2026-12-01T07:30:00Z']) {
      now = new Date(morning);
      for (let round = 0; round < 3; round += 1) await Promise.all([one.app.worker.kick(), two.app.worker.kick()]);
    }
    const digests = smtp.messages.filter((mail) => mail.to.includes('despacho@example.com') && mail.subject.includes('respuesta vencida'));
    expect(digests.map((mail) => mail.subject)).toEqual(['1 solicitud con la respuesta vencida', '1 solicitud con la respuesta vencida']);
    expect(digests[0]?.text).toContain('Solicitud de contacto · Ana López · recibida el 16 nov 2026, 09:00');
  });
});

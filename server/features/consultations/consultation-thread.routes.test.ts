import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, consultationAttachments, consultationMessages, consultations, users } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { createPaidExpressConsultation } from '#server/test/factories.ts';
import { firmHours } from '#server/features/agenda/firm-hours.service.ts';
import { replyTimer } from '#common/reply-timers/promises.ts';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { multipartBody, sampleFiles, type FormPart } from '#server/test/multipart.ts';

const megabyte = 1024 * 1024;
const firmInbox = 'despacho@example.com';
const file = (filename: string, content: Buffer): FormPart => ({ name: 'attachments', filename, content });
const text = (body: string): FormPart => ({ name: 'body', value: body });

describe('the express consultation in writing: the client’s question, the firm’s answer', () => {
  let t: TestApp;
  let capture: MailCapture;
  let uploadsDir: string;
  let client: TestAccount;
  let intruder: TestAccount;
  let admin: TestAccount;
  let consultationId: string;

  beforeAll(async () => {
    capture = await startMailCapture();
    t = await createTestApp({ env: { SMTP_URL: capture.url, FIRM_EMAIL: firmInbox } });
    uploadsDir = path.join(t.app.config.dataDir, 'uploads');
    [client, intruder, admin] = await Promise.all([
      createAccount(t, { firstName: 'Amina', lastName: 'Diallo' }),
      createAccount(t, { firstName: 'Iván', lastName: 'Petrov' }),
      createAccount(t, { role: 'admin' }),
    ]);
    // The client last used the site in French: the firm's answer reaches them in French.
    await t.database.db.update(users).set({ language: 'fr' }).where(eq(users.id, client.user.id));
    consultationId = await createPaidExpressConsultation(t.app, client);
  });
  afterAll(async () => {
    await t.close();
    await capture.close();
  });

  const storedFiles = (): string[] =>
    fs.existsSync(uploadsDir)
      ? (fs.readdirSync(uploadsDir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(uploadsDir, f)).isFile())
      : [];
  const messageCount = async () => (await t.database.db.select().from(consultationMessages)).length;
  const snapshot = async () => ({ rows: await messageCount(), files: storedFiles() });
  async function expectNothingKept(before: { rows: number; files: string[] }) {
    expect(await messageCount()).toBe(before.rows);
    expect(storedFiles()).toEqual(before.files);
  }
  const answeredAt = async (id: string) => (await t.database.db.select().from(consultations).where(eq(consultations.id, id)))[0]?.answeredAt;

  const post = (account: TestAccount | null, id: string, parts: FormPart[], options: { isAdmin?: boolean; language?: string } = {}) => {
    const body = multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url: options.isAdmin ? `/api/admin/consultations/${id}/messages` : `/api/consultations/${id}/messages`,
      payload: body.payload,
      headers: { ...body.headers, ...(account ? { cookie: account.cookie } : {}), 'accept-language': options.language ?? 'es' },
    });
  };
  const thread = (account: TestAccount | null, id: string, isAdmin = false) =>
    t.app.inject({ url: isAdmin ? `/api/admin/consultations/${id}/messages` : `/api/consultations/${id}/messages`, headers: account ? { cookie: account.cookie } : {} });

  describe('who may read and write the thread', () => {
    it('shows the client their empty, open thread', async () => {
      const response = await thread(client, consultationId);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'pendiente', answeredAt: null, answerDueAt: expect.any(String), isOpen: true, followUpsLeft: 2, messages: [] });
    });

    it('tells when the answer is due: 8 of the firm’s business hours from the payment', async () => {
      const [row] = await t.database.db.select().from(consultations).where(eq(consultations.id, consultationId));
      const { schedule } = await firmHours({ db: t.database.db, openingHours: t.app.config.firm.hours });
      const due = replyTimer(schedule, 'express', row!.createdAt, new Date())?.dueAt;
      expect(due).toBeDefined();
      expect((await thread(client, consultationId)).json().answerDueAt).toBe(due?.toISOString());
    });

    it('answers 401 to a visitor and 404 to another client, reading or writing, storing nothing', async () => {
      const before = await snapshot();
      expect((await thread(null, consultationId)).statusCode).toBe(401);
      expect((await post(null, consultationId, [text('Hola'), file('a.pdf', sampleFiles.pdf())])).statusCode).toBe(401);
      const read = await thread(intruder, consultationId);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual({ code: 'notFound', message: expect.any(String) });
      expect((await post(intruder, consultationId, [text('Hola'), file('a.pdf', sampleFiles.pdf())])).statusCode).toBe(404);
      expect((await thread(client, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      await expectNothingKept(before);
    });

    it('keeps the back office’s routes to admins', async () => {
      expect((await thread(client, consultationId, true)).statusCode).toBe(403);
      expect((await post(client, consultationId, [text('Hola')], { isAdmin: true })).statusCode).toBe(403);
      expect((await thread(admin, consultationId, true)).statusCode).toBe(200);
    });

    it('refuses the thread of a consultation that is not an express one, in the reader’s language', async () => {
      const [scheduled] = await t.database.db
        .insert(consultations)
        .values({ userId: client.user.id, consultationType: 'scheduled', status: 'pendiente', details: {} })
        .returning();
      const id = scheduled?.id ?? '';
      const before = await snapshot();
      const read = await thread(client, id);
      expect(read.statusCode).toBe(409);
      expect(read.json()).toEqual({ code: 'conflict', message: 'Solo la consulta exprés se responde por escrito.' });
      const written = await post(client, id, [text('¿Podemos hablar?'), file('a.pdf', sampleFiles.pdf())], { language: 'en' });
      expect(written.statusCode).toBe(409);
      expect(written.json().message).toBe('Only the express consultation is answered in writing.');
      expect((await post(admin, id, [text('Sí')], { isAdmin: true, language: 'fr' })).json().message).toBe(
        'Seule la consultation express reçoit une réponse écrite.',
      );
      await expectNothingKept(before);
    });
  });

  describe('attachments: the case documents’ rules (PDF, JPEG or PNG of up to 10 MB), up to 3 a message', () => {
    it.each([
      ['a Word document', 'carta.docx', sampleFiles.docx()],
      ['a PNG behind a .pdf name', 'pasaporte.pdf', sampleFiles.png()],
      ['a double extension', 'factura.pdf.exe', sampleFiles.exe()],
    ])('refuses %s with the translated 415, storing nothing', async (_case, filename, content) => {
      const before = await snapshot();
      const response = await post(client, consultationId, [text('Mi pregunta'), file(filename, content)]);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ code: 'unsupportedMediaType', message: 'Tipo de archivo no permitido. Solo se admiten PDF, JPG y PNG.' });
      await expectNothingKept(before);
    });

    it('refuses a file over 10 MB while it streams, and a fourth file, in the client’s language', async () => {
      const before = await snapshot();
      const large = await post(client, consultationId, [text('Mi pregunta'), file('enorme.pdf', sampleFiles.pdf(10 * megabyte + 1))], { language: 'fr' });
      expect(large.statusCode).toBe(413);
      expect(large.json()).toEqual({ code: 'payloadTooLarge', message: 'Fichier trop volumineux. La taille maximale est de 10 Mo.' });
      const four = await post(client, consultationId, [text('Mi pregunta'), ...['a', 'b', 'c', 'd'].map((name) => file(`${name}.pdf`, sampleFiles.pdf()))]);
      expect(four.statusCode).toBe(400);
      expect(four.json().message).toBe('Adjunta 3 documentos como máximo.');
      await expectNothingKept(before);
    });

    it('refuses a question without text before storing its file', async () => {
      const before = await snapshot();
      const response = await post(client, consultationId, [text('   '), file('a.pdf', sampleFiles.pdf())]);
      expect(response.statusCode).toBe(400);
      expect(response.json().issues).toContainEqual({ path: 'body', message: 'Este campo es obligatorio' });
      await expectNothingKept(before);
    });
  });

  describe('the question, the answer and the follow-up', () => {
    const passport = sampleFiles.pdf(4096);
    const photo = sampleFiles.jpeg(3000);
    let attachmentId: string;

    it('keeps the client’s question with its files under generated names, and mails it to the firm', async () => {
      const response = await post(client, consultationId, [
        text('  Tengo la tarjeta de estudiante hasta junio. ¿Puedo pasar a arraigo socioformativo?  '),
        file('Pasaporte «Amina».pdf', passport),
        file('foto.jpg', photo),
      ]);
      expect(response.statusCode).toBe(201);
      const message = response.json();
      expect(message).toEqual({
        id: expect.any(String),
        author: 'client',
        body: 'Tengo la tarjeta de estudiante hasta junio. ¿Puedo pasar a arraigo socioformativo?',
        attachments: [
          { id: expect.any(String), name: 'Pasaporte «Amina».pdf', contentType: 'application/pdf', sizeBytes: passport.length },
          { id: expect.any(String), name: 'foto.jpg', contentType: 'image/jpeg', sizeBytes: photo.length },
        ],
        createdAt: expect.any(String),
      });
      attachmentId = message.attachments[0].id;
      const rows = await t.database.db.select().from(consultationAttachments).where(eq(consultationAttachments.messageId, message.id));
      for (const row of rows) expect(row.storagePath).toMatch(/^consultation-attachments\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.(pdf|jpg)$/);
      expect((await thread(client, consultationId)).json()).toEqual({ status: 'pendiente', answeredAt: null, answerDueAt: expect.any(String), isOpen: true, followUpsLeft: 2, messages: [message] });

      const mail = await capture.waitFor(firmInbox, /^Nueva consulta exprés: Amina Diallo$/);
      expect(mail.text).toContain('Tengo la tarjeta de estudiante hasta junio.');
      expect(mail.text).toContain('• Pasaporte «Amina».pdf');
      expect(mail.text).toContain(client.user.email);
    });

    it('gives the files to their client and to admins only, as never-cached downloads', async () => {
      for (const [account, url] of [
        [client, `/api/consultations/${consultationId}/attachments/${attachmentId}`],
        [admin, `/api/admin/consultations/${consultationId}/attachments/${attachmentId}`],
      ] as const) {
        const response = await t.app.inject({ url, headers: { cookie: account.cookie } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('application/pdf');
        expect(response.headers['cache-control']).toBe('private, no-store');
        expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Pasaporte «Amina».pdf')}`);
        expect(response.rawPayload.equals(passport)).toBe(true);
      }
      const intruderConsultation = await createPaidExpressConsultation(t.app, intruder);
      for (const url of [
        `/api/consultations/${consultationId}/attachments/${attachmentId}`,
        `/api/consultations/${intruderConsultation}/attachments/${attachmentId}`,
      ]) {
        const response = await t.app.inject({ url, headers: { cookie: intruder.cookie } });
        expect(response.statusCode).toBe(404);
        expect(response.rawPayload.includes(passport.subarray(0, 16))).toBe(false);
      }
      expect((await t.app.inject({ url: `/api/consultations/${consultationId}/attachments/${attachmentId}` })).statusCode).toBe(401);
      const asClient = await t.app.inject({ url: `/api/admin/consultations/${consultationId}/attachments/${attachmentId}`, headers: { cookie: client.cookie } });
      expect(asClient.statusCode).toBe(403);
    });

    it('lets the firm answer: audited, mailed to the client in their language, and the reply timer stopped once', async () => {
      const response = await post(admin, consultationId, [text('Sí: puede solicitarlo antes de que caduque su tarjeta. Le explicamos los pasos.')], { isAdmin: true });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ author: 'firm', attachments: [] });
      const firstAnsweredAt = await answeredAt(consultationId);
      expect(firstAnsweredAt).toBeInstanceOf(Date);

      const audit = await t.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.targetTable, 'consultations'), eq(auditLogs.targetId, consultationId)));
      expect(audit).toEqual([expect.objectContaining({ action: 'REPLY', adminId: admin.user.id, details: { messageId: response.json().id, attachments: 0 } })]);

      const mail = await capture.waitFor(client.user.email, /^La réponse à votre consultation express$/);
      expect(mail.text).toContain('Sí: puede solicitarlo antes de que caduque su tarjeta.');
      expect(mail.text).toMatch(/Voir mon espace\nhttp:\/\/localhost:3000\/fr\/panel\n/);

      const seen = (await thread(client, consultationId)).json();
      expect(seen.answeredAt).toBe(firstAnsweredAt?.toISOString());
      expect(seen.messages.map((m: { author: string }) => m.author)).toEqual(['client', 'firm']);

      const second = await post(admin, consultationId, [text('Le adjunto la lista de documentos.'), file('lista.pdf', sampleFiles.pdf())], { isAdmin: true });
      expect(second.statusCode).toBe(201);
      expect(second.json().attachments).toEqual([expect.objectContaining({ name: 'lista.pdf' })]);
      expect(await answeredAt(consultationId)).toEqual(firstAnsweredAt);
      const forClient = await t.app.inject({ url: `/api/consultations/${consultationId}/attachments/${second.json().attachments[0].id}`, headers: { cookie: client.cookie } });
      expect(forClient.statusCode).toBe(200);
    });

    it('takes a follow-up question while the consultation is open, mailed to the firm as such', async () => {
      const response = await post(client, consultationId, [text('¿Y necesito el certificado de antecedentes penales?')]);
      expect(response.statusCode).toBe(201);
      const mail = await capture.waitFor(firmInbox, /^Nueva pregunta en la consulta exprés de Amina Diallo$/);
      expect(mail.text).toContain('¿Y necesito el certificado de antecedentes penales?');
      expect((await thread(admin, consultationId, true)).json().messages.map((m: { author: string }) => m.author)).toEqual(['client', 'firm', 'firm', 'client']);
    });

    it('takes no more follow-ups than the firm offers, in the client’s language, keeping nothing', async () => {
      const hours = (await t.app.inject({ url: '/api/admin/agenda/hours', headers: { cookie: admin.cookie } })).json();
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/agenda/hours',
        headers: { cookie: admin.cookie },
        payload: { weekly: hours.weekly, minimumNoticeHours: hours.minimumNoticeHours, expressFollowUps: 1 },
      });
      expect(saved.statusCode).toBe(200);
      // The question and one follow-up are asked: with one follow-up offered, none is left.
      expect((await thread(client, consultationId)).json()).toMatchObject({ isOpen: true, followUpsLeft: 0, answerDueAt: null });
      const before = await snapshot();
      const refused = await post(client, consultationId, [text('¿Y otra cosa más?'), file('b.pdf', sampleFiles.pdf())], { language: 'fr' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ code: 'conflict', message: 'Vous avez déjà posé toutes les questions que comprend cette consultation.' });
      await expectNothingKept(before);
      // The firm may still answer the last follow-up.
      expect((await post(admin, consultationId, [text('No hace falta.')], { isAdmin: true })).statusCode).toBe(201);
    });

    it('has nothing for the firm to answer before the client asks', async () => {
      const fresh = await createPaidExpressConsultation(t.app, client);
      const response = await post(admin, fresh, [text('¿En qué podemos ayudarle?')], { isAdmin: true });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('El cliente aún no ha escrito su pregunta.');
      expect(await answeredAt(fresh)).toBeNull();
    });

    it('makes the thread read-only once the consultation is completed', async () => {
      const completed = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/consultations/${consultationId}`,
        headers: { cookie: admin.cookie },
        payload: { status: 'completada', firmNote: 'Respondida por escrito.' },
      });
      expect(completed.statusCode).toBe(204);
      const before = await snapshot();
      const fromClient = await post(client, consultationId, [text('Una última cosa'), file('a.pdf', sampleFiles.pdf())]);
      expect(fromClient.statusCode).toBe(409);
      expect(fromClient.json()).toEqual({ code: 'conflict', message: 'Esta consulta está cerrada: ya no se puede escribir en ella.' });
      expect((await post(admin, consultationId, [text('Una última respuesta')], { isAdmin: true, language: 'en' })).json().message).toBe(
        'This consultation is closed: it can no longer be written in.',
      );
      await expectNothingKept(before);
      const read = (await thread(client, consultationId)).json();
      expect(read).toMatchObject({ status: 'completada', isOpen: false });
      expect(read.messages).toHaveLength(5);
    });

    it('removes the thread’s files from storage when the consultation is deleted', async () => {
      const keys = (
        await t.database.db
          .select({ key: consultationAttachments.storagePath })
          .from(consultationAttachments)
          .innerJoin(consultationMessages, eq(consultationMessages.id, consultationAttachments.messageId))
          .where(eq(consultationMessages.consultationId, consultationId))
      ).map((row) => row.key);
      expect(keys).toHaveLength(3);
      for (const key of keys) expect(storedFiles()).toContain(key);
      const deleted = await t.app.inject({ method: 'DELETE', url: `/api/admin/consultations/${consultationId}`, headers: { cookie: admin.cookie } });
      expect(deleted.statusCode).toBe(204);
      for (const key of keys) expect(storedFiles()).not.toContain(key);
      expect(await t.database.db.select().from(consultationAttachments)).toEqual([]);
      expect((await thread(client, consultationId)).statusCode).toBe(404);
    });
  });
});

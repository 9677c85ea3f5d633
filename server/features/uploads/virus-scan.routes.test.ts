import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caseDocumentRequestFiles,
  caseDocuments,
  consultationAttachments,
  consultationMessages,
  translationRequestDocuments,
  translationRequests,
} from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { clamdMissing, eicar, eicarSignature, startClamd, type TestClamd } from '#server/test/clamd.ts';
import { createPaidCase, createPaidExpressConsultation } from '#server/test/factories.ts';
import { multipartBody, sampleFiles, type FormPart } from '#server/test/multipart.ts';

if (clamdMissing) console.warn(`Skipped: ${clamdMissing}`);

type LogLine = { level: number; msg: string; signature?: string; fileName?: string; err?: { message: string } };

/** A real PDF's first bytes with the EICAR test string inside, as a file that hides malware would carry it. */
const infectedPdf = Buffer.concat([sampleFiles.pdf(4000), eicar, sampleFiles.pdf(4000)]);

const intakeFields = (fields: Record<string, string>): FormPart[] =>
  Object.entries({ email: 'luc@example.com', phone: '+33612345678', sourceLanguage: 'fr', targetLanguage: 'es', privacy: 'true', ...fields }).map(
    ([name, value]) => ({ name, value }),
  );

describe.skipIf(clamdMissing)('every upload route has its files scanned by clamd when CLAMD_SOCKET is set', () => {
  let clamd: TestClamd;
  let t: TestApp;
  let uploadsDir: string;
  let client: TestAccount;
  let admin: TestAccount;
  let caseId: number;
  let requestId: string;
  let consultationId: string;
  const lines: LogLine[] = [];
  let ip = 0;

  beforeAll(async () => {
    clamd = await startClamd();
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().trim().split('\n').map((line) => JSON.parse(line) as LogLine));
        done();
      },
    });
    t = await createTestApp({ env: { CLAMD_SOCKET: clamd.socketPath, LOG_LEVEL: 'warn' }, logStream });
    uploadsDir = path.join(t.app.config.dataDir, 'uploads');
    [client, admin] = await Promise.all([createAccount(t, { firstName: 'Amina', lastName: 'Diallo' }), createAccount(t, { role: 'admin' })]);
    caseId = await createPaidCase(t.app, client, 'arraigo');
    const checklist = await t.app.inject({ url: `/api/cases/${caseId}/requests`, headers: { cookie: client.cookie } });
    requestId = checklist.json<Array<{ id: string }>>()[0]?.id ?? '';
    consultationId = await createPaidExpressConsultation(t.app, client);
  });
  afterAll(async () => {
    await t?.close();
    await clamd?.stop();
  });

  type Route = { route: string; send: (filename: string, content: Buffer, language?: string) => Promise<LightMyRequestResponse> };

  /** A route that takes files, with the form it expects around one file, sent as `who`. */
  const upload = (route: string, url: () => string, who: 'visitor' | 'client' | 'admin', field: string, fields: FormPart[]): Route => ({
    route,
    send: (filename, content, language = 'es') => {
      const body = multipartBody([...fields, { name: field, filename, content }]);
      const account = { visitor: undefined, client, admin }[who];
      return t.app.inject({
        method: 'POST',
        url: url(),
        payload: body.payload,
        headers: { ...body.headers, 'accept-language': language, ...(account ? { cookie: account.cookie } : {}) },
        remoteAddress: `10.9.0.${++ip}`,
      });
    },
  });

  /** Every route that takes files. */
  const routes: Route[] = [
    upload('public translation quote', () => '/api/translation-quotes', 'visitor', 'documents', intakeFields({ name: 'Ana García', translationType: 'sworn' })),
    upload('public translation request', () => '/api/translation-requests', 'visitor', 'documents', intakeFields({ name: 'Luc Martin' })),
    upload("client's case document", () => `/api/cases/${caseId}/documents`, 'client', 'document', []),
    upload("client's checklist upload", () => `/api/cases/${caseId}/requests/${requestId}/documents`, 'client', 'document', []),
    upload("admin's case document", () => `/api/admin/cases/${caseId}/documents`, 'admin', 'document', []),
    upload("admin's checklist upload", () => `/api/admin/cases/${caseId}/requests/${requestId}/documents`, 'admin', 'document', []),
    upload("client's consultation question", () => `/api/consultations/${consultationId}/messages`, 'client', 'attachments', [{ name: 'body', value: '¿Sirve este documento?' }]),
    upload("admin's consultation answer", () => `/api/admin/consultations/${consultationId}/messages`, 'admin', 'attachments', [{ name: 'body', value: 'Sí, sirve.' }]),
  ];

  /** Every file under uploads (partial ones too) and every row that names an upload or its message. */
  const kept = async () => {
    const { db } = t.database;
    const files = fs.existsSync(uploadsDir)
      ? (fs.readdirSync(uploadsDir, { recursive: true }) as string[]).filter((file) => fs.statSync(path.join(uploadsDir, file)).isFile()).sort()
      : [];
    const counts = await Promise.all(
      [caseDocuments, caseDocumentRequestFiles, consultationMessages, consultationAttachments, translationRequests, translationRequestDocuments].map(
        async (table) => (await db.select().from(table)).length,
      ),
    );
    return { files, counts };
  };

  it.each(routes)('$route: accepts a clean PDF', async ({ send }) => {
    const response = await send('pasaporte.pdf', sampleFiles.pdf());
    expect(response.statusCode, response.body).toBe(201);
  });

  it.each(routes)('$route: refuses the EICAR test file inside a PDF with 422 naming the file, keeps nothing, logs the signature', async ({ send }) => {
    const before = await kept();
    const response = await send('factura.pdf', infectedPdf);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ code: 'fileInfected', message: 'El archivo factura.pdf contiene un virus o software malicioso y no se ha aceptado.' });
    expect(await kept()).toEqual(before);
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'upload refused: the virus scanner flagged it', signature: eicarSignature, fileName: 'factura.pdf' }));
  });

  it('says so in English and French', async () => {
    const [english, french] = await Promise.all([routes[0]!.send('invoice.pdf', infectedPdf, 'en'), routes[2]!.send('facture.pdf', infectedPdf, 'fr')]);
    expect(english.json().message).toBe('The file invoice.pdf contains a virus or malicious software and has not been accepted.');
    expect(french.json().message).toBe("Le fichier facture.pdf contient un virus ou un logiciel malveillant et n'a pas été accepté.");
  });

  it('keeps none of the files of a form when one of them is flagged, the clean ones before it included', async () => {
    const before = await kept();
    const body = multipartBody([
      ...intakeFields({ name: 'Ana García', translationType: 'sworn' }),
      { name: 'documents', filename: 'pasaporte.pdf', content: sampleFiles.pdf() },
      { name: 'documents', filename: 'foto.png', content: sampleFiles.png() },
      { name: 'documents', filename: 'acta.pdf', content: infectedPdf },
    ]);
    const response = await t.app.inject({ method: 'POST', url: '/api/translation-quotes', payload: body.payload, headers: body.headers, remoteAddress: '10.9.1.1' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toContain('acta.pdf');
    expect(await kept()).toEqual(before);
  });

  // Last: it stops clamd.
  it('fails closed when clamd is down: 503 on every route, nothing kept, an error logged', async () => {
    await clamd.stop();
    const before = await kept();
    for (const { route, send } of routes) {
      const response = await send('pasaporte.pdf', sampleFiles.pdf());
      expect(response.statusCode, route).toBe(503);
      expect(response.json()).toEqual({ code: 'scanUnavailable', message: 'Ahora mismo no podemos comprobar los archivos. Inténtalo de nuevo más tarde.' });
    }
    expect(await kept()).toEqual(before);
    expect(lines.filter((line) => line.level === 50 && line.msg === 'upload refused: the virus scanner could not check it')).toHaveLength(routes.length);
  });
});

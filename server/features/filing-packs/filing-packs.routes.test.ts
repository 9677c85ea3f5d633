import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '#server/db/schema/index.ts';
import { createAccount, createStaffTeam, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { createPaidCase } from '#server/test/factories.ts';
import { multipartBody } from '#server/test/multipart.ts';
import { filingPacksPersonalData } from './filing-packs.personal-data.service.ts';
import { eraseExpiredPacks } from './filing-packs.service.ts';

type Pack = {
  id: string;
  files: Array<{ number: number; name: string; sizeBytes: number; pageCount: number; documents: Array<{ documentId: string; name: string; title: string; pageCount: number }> }>;
  totalBytes: number;
  filedOn: string | null;
  receiptNumber: string | null;
};
type Request = { id: string; title: string; status: string; documents: Array<{ id: string; name: string }> };

const kilobyte = 1024;
const megabyte = 1024 * kilobyte;

/** A JPEG the registry would take: its frame header (which the PDF embeds it by) and `size` bytes of scan that never compress. */
function jpeg(size: number): Buffer {
  const frame = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0x06, 0xd6, 0x04, 0xb0, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), frame, randomBytes(size), Buffer.from([0xff, 0xd9])]);
}

/** A real PDF of `pages` pages, each saying which document and page it is. */
async function textPdf(label: string, pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= pages; page += 1) pdf.addPage([595, 842]).drawText(`${label} pagina ${page}`, { x: 72, y: 760, size: 14, font });
  return Buffer.from(await pdf.save());
}

describe('the filing pack: the accepted documents in the firm’s order, as PDFs within the registry’s limits, with an index', () => {
  let t: TestApp;
  let staff: Awaited<ReturnType<typeof createStaffTeam>>;
  let client: TestAccount;
  let other: TestAccount;
  let caseId: number;
  let otherCaseId: number;
  let ip = 0;
  let folder: string;
  /** The case's documents by the name the client gave them. */
  const documents = new Map<string, string>();

  const as = (account: TestAccount | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, language = 'es') =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { 'accept-language': language, ...(account ? { cookie: account.cookie } : {}) }, remoteAddress: `10.9.0.${++ip % 250}` });

  const requestsOf = async (account: TestAccount, id: number) => (await as(account, 'GET', `/api/cases/${id}/requests`)).json<Request[]>();

  /** The client uploads each file to the request; the lawyer accepts it unless told not to. */
  async function answer(account: TestAccount, id: number, requestId: string, files: Array<{ name: string; content: Buffer; contentType: string }>, isAccepted = true) {
    for (const file of files) {
      const body = multipartBody([{ name: 'document', filename: file.name, content: file.content, contentType: file.contentType }]);
      const uploaded = await t.app.inject({
        method: 'POST',
        url: `/api/cases/${id}/requests/${requestId}/documents`,
        payload: body.payload,
        headers: { ...body.headers, cookie: account.cookie },
        remoteAddress: `10.9.1.${++ip % 250}`,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
    }
    if (isAccepted) expect((await as(staff.lawyer, 'POST', `/api/admin/cases/${id}/requests/${requestId}/accept`)).statusCode).toBe(200);
    for (const request of await requestsOf(account, id)) for (const document of request.documents) documents.set(document.name, document.id);
  }

  const build = (account: TestAccount, names: string[], startsNewFile: string[] = [], id = caseId, language = 'es') =>
    as(account, 'POST', `/api/admin/cases/${id}/filing-packs`, { documents: names.map((name) => ({ documentId: documents.get(name), startsNewFile: startsNewFile.includes(name) })) }, language);

  const download = async (account: TestAccount, packId: string, number: number) => {
    const response = await as(account, 'GET', `/api/admin/filing-packs/${packId}/files/${number}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const file = path.join(folder, `${packId}-${number}.pdf`);
    writeFileSync(file, response.rawPayload);
    return { bytes: response.rawPayload.byteLength, file };
  };
  const pagesOf = (file: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
  const textOf = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'filing-pack-'));
    t = await createTestApp();
    staff = await createStaffTeam(t);
    client = await createAccount(t, { firstName: 'Amina', lastName: 'Diallo' });
    other = await createAccount(t, { firstName: 'Otro' });
    caseId = await createPaidCase(t.app, client, 'arraigo');
    otherCaseId = await createPaidCase(t.app, other, 'arraigo');
    const [passport, stay, record, form, integration] = await requestsOf(client, caseId);
    await answer(client, caseId, passport?.id ?? '', [{ name: 'pasaporte.pdf', content: await textPdf('PASAPORTE', 2), contentType: 'application/pdf' }]);
    await answer(client, caseId, stay?.id ?? '', [
      { name: 'empadronamiento.jpg', content: jpeg(300 * kilobyte), contentType: 'image/jpeg' },
      { name: 'contrato-alquiler.jpg', content: jpeg(150 * kilobyte), contentType: 'image/jpeg' },
    ]);
    await answer(client, caseId, record?.id ?? '', [{ name: 'antecedentes.jpg', content: jpeg(300 * kilobyte), contentType: 'image/jpeg' }]);
    await answer(client, caseId, form?.id ?? '', [{ name: 'ex10-escaneado.jpg', content: jpeg(600 * kilobyte), contentType: 'image/jpeg' }]);
    await answer(client, caseId, integration?.id ?? '', [{ name: 'informe-integracion.pdf', content: await textPdf('INFORME', 1), contentType: 'application/pdf' }], false);
    const [theirs] = await requestsOf(other, otherCaseId);
    await answer(other, otherCaseId, theirs?.id ?? '', [{ name: 'pasaporte-de-otro.pdf', content: await textPdf('OTRO', 1), contentType: 'application/pdf' }]);
    // The firm's limits for this test: half a megabyte a file, two a filing.
    const limits = await as(staff.owner, 'PUT', '/api/admin/filing-limits', { maxFileBytes: megabyte / 2, maxTotalBytes: 2 * megabyte });
    expect(limits.statusCode, limits.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('lists the accepted documents only, with the limits in force, and Mercurio’s limits until the firm sets its own', async () => {
    const fresh = await createTestApp();
    try {
      const owner = await createAccount(fresh, { role: 'owner' });
      expect((await fresh.app.inject({ url: '/api/admin/filing-limits', headers: { cookie: owner.cookie } })).json()).toEqual({ maxFileBytes: 10 * megabyte, maxTotalBytes: 50 * megabyte });
    } finally {
      await fresh.close();
    }
    const section = (await as(staff.lawyer, 'GET', `/api/admin/cases/${caseId}/filing-packs`)).json<{ documents: Array<{ name: string; requestTitle: string }>; limits: unknown }>();
    expect(section.documents.map((document) => document.name)).toEqual(['pasaporte.pdf', 'empadronamiento.jpg', 'contrato-alquiler.jpg', 'antecedentes.jpg', 'ex10-escaneado.jpg']);
    expect(section.documents[0]?.requestTitle).toBe('Pasaporte completo');
    expect(section.limits).toEqual({ maxFileBytes: megabyte / 2, maxTotalBytes: 2 * megabyte });
  });

  it('splits the documents into files within the per-file limit, in the order chosen, with an index that lists them in order', async () => {
    const order = ['antecedentes.jpg', 'pasaporte.pdf', 'empadronamiento.jpg', 'contrato-alquiler.jpg'];
    const response = await build(staff.lawyer, order);
    expect(response.statusCode, response.body).toBe(201);
    const pack = response.json<Pack>();
    // 300 KB, then 2 pages and 300 KB fit half a megabyte; the last 150 KB do not.
    expect(pack.files.map((file) => file.documents.map((document) => document.name))).toEqual([[], ['antecedentes.jpg', 'pasaporte.pdf'], ['empadronamiento.jpg', 'contrato-alquiler.jpg']]);
    let total = 0;
    for (const file of pack.files) {
      const { bytes, file: saved } = await download(staff.lawyer, pack.id, file.number);
      expect(bytes).toBe(file.sizeBytes);
      expect(bytes).toBeLessThanOrEqual(megabyte / 2);
      expect(pagesOf(saved)).toBe(file.pageCount);
      total += bytes;
    }
    expect(pack.files.map((file) => file.pageCount).slice(1)).toEqual([3, 2]);
    expect(total).toBe(pack.totalBytes);
    expect(total).toBeLessThanOrEqual(2 * megabyte);
    const first = await download(staff.lawyer, pack.id, 1);
    expect(textOf(first.file)).toMatch(/PASAPORTE pagina 1[\s\S]*PASAPORTE pagina 2/);

    const index = textOf((await download(staff.lawyer, pack.id, 0)).file);
    expect(index).toContain('Índice de la documentación presentada');
    expect(index).toContain(`EXP-${String(caseId).padStart(3, '0')}, de Amina Diallo`);
    const positions = [`${pack.files[1]?.name}`, ...order.slice(0, 2), `${pack.files[2]?.name}`, ...order.slice(2)].map((text) => index.indexOf(text));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(index).toMatch(/1\. Certificado de antecedentes penales \(antecedentes\.jpg\), páginas 1 a 1/);
    expect(index).toMatch(/2\. Pasaporte completo \(pasaporte\.pdf\), páginas 2 a 3/);
    expect(index).toMatch(/4\. Pruebas de tu estancia en España \(contrato-alquiler\.jpg\), páginas 2 a 2/);

    const audit = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'FILING_PACK_CREATE'), eq(auditLogs.targetId, String(caseId))));
    expect(audit).toHaveLength(1);
  });

  it('starts a new file where the firm asks, though the next document would fit', async () => {
    const pack = (await build(staff.lawyer, ['pasaporte.pdf', 'contrato-alquiler.jpg'], ['contrato-alquiler.jpg'])).json<Pack>();
    expect(pack.files.map((file) => file.documents.map((document) => document.name))).toEqual([[], ['pasaporte.pdf'], ['contrato-alquiler.jpg']]);
  });

  it('refuses, in the caller’s language and storing nothing, a document over the per-file limit, a filing over the total, one not accepted, and another case’s', async () => {
    const before = (await as(staff.lawyer, 'GET', `/api/admin/cases/${caseId}/filing-packs`)).json<{ packs: unknown[] }>().packs.length;
    const tooLarge = await build(staff.lawyer, ['pasaporte.pdf', 'ex10-escaneado.jpg']);
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json<{ message: string }>().message).toMatch(/^«ex10-escaneado\.jpg» ocupa 0,6 MB y el registro admite 0,5 MB por archivo/);
    expect((await build(staff.lawyer, ['ex10-escaneado.jpg'], [], caseId, 'fr')).json<{ message: string }>().message).toContain('«\u00a0ex10-escaneado.jpg\u00a0» pèse 0,6 Mo');
    expect((await build(staff.lawyer, ['ex10-escaneado.jpg'], [], caseId, 'en')).json<{ message: string }>().message).toMatch(/^“ex10-escaneado\.jpg” takes 0\.6 MB and the registry accepts 0\.5 MB per file/);

    const notAccepted = await build(staff.lawyer, ['pasaporte.pdf', 'informe-integracion.pdf'], [], caseId, 'en');
    expect(notAccepted.statusCode).toBe(400);
    expect(notAccepted.json<{ message: string }>().message).toBe('“informe-integracion.pdf” is not accepted yet: accept it before filing it.');

    const foreign = await build(staff.lawyer, ['pasaporte-de-otro.pdf']);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ message: string }>().message).toBe('Ese documento no está entre los aceptados de este expediente.');
    expect(foreign.body).not.toContain('pasaporte-de-otro');

    expect((await as(staff.owner, 'PUT', '/api/admin/filing-limits', { maxFileBytes: megabyte / 2, maxTotalBytes: megabyte / 2 })).statusCode).toBe(200);
    const overTotal = await build(staff.lawyer, ['antecedentes.jpg', 'empadronamiento.jpg']);
    expect(overTotal.statusCode).toBe(400);
    expect(overTotal.json<{ message: string }>().message).toMatch(/^La presentación ocuparía 0,6 MB y el registro admite 0,5 MB en total/);
    expect((await as(staff.owner, 'PUT', '/api/admin/filing-limits', { maxFileBytes: megabyte, maxTotalBytes: megabyte / 2 })).json()).toMatchObject({ code: 'validation' });
    expect((await as(staff.owner, 'PUT', '/api/admin/filing-limits', { maxFileBytes: megabyte / 2, maxTotalBytes: 2 * megabyte })).statusCode).toBe(200);

    expect((await as(staff.lawyer, 'POST', `/api/admin/cases/${caseId}/filing-packs`, { documents: [] })).statusCode).toBe(400);
    const after = (await as(staff.lawyer, 'GET', `/api/admin/cases/${caseId}/filing-packs`)).json<{ packs: unknown[] }>().packs;
    expect(after).toHaveLength(before);
  });

  it('records the registry’s date and receipt once filed, audited on the case', async () => {
    const [latest] = (await as(staff.lawyer, 'GET', `/api/admin/cases/${caseId}/filing-packs`)).json<{ packs: Pack[] }>().packs;
    const filed = await as(staff.lawyer, 'POST', `/api/admin/filing-packs/${latest?.id}/filed`, { filedOn: '2026-11-27', receiptNumber: 'REGAGE26e00012345678' });
    expect(filed.statusCode, filed.body).toBe(200);
    expect(filed.json()).toMatchObject({ filedOn: '2026-11-27', receiptNumber: 'REGAGE26e00012345678' });
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'FILING_PACK_FILED'));
    expect(audit[0]).toMatchObject({ targetTable: 'cases', targetId: String(caseId) });
    expect((await as(staff.lawyer, 'POST', `/api/admin/filing-packs/${latest?.id}/filed`, { filedOn: 'ayer', receiptNumber: '' })).statusCode).toBe(400);
  });

  it('is the lawyers’ and the owner’s: other staff get 403, a client 403, a visitor 401; the limits are the owner’s to set', async () => {
    const [latest] = (await as(staff.lawyer, 'GET', `/api/admin/cases/${caseId}/filing-packs`)).json<{ packs: Pack[] }>().packs;
    for (const account of [staff.reception, staff.translator, staff.accounting, client]) {
      expect((await as(account, 'GET', `/api/admin/cases/${caseId}/filing-packs`)).statusCode).toBe(403);
      expect((await build(account, ['pasaporte.pdf'])).statusCode).toBe(403);
      expect((await as(account, 'GET', `/api/admin/filing-packs/${latest?.id}/files/0`)).statusCode).toBe(403);
    }
    expect((await as(null, 'GET', `/api/admin/filing-packs/${latest?.id}/files/0`)).statusCode).toBe(401);
    expect((await as(staff.lawyer, 'PUT', '/api/admin/filing-limits', { maxFileBytes: megabyte, maxTotalBytes: megabyte })).statusCode).toBe(403);
    expect((await as(staff.lawyer, 'GET', `/api/admin/filing-packs/${latest?.id}/files/9`)).statusCode).toBe(404);
    expect((await as(staff.lawyer, 'GET', `/api/admin/cases/2147483000/filing-packs`)).statusCode).toBe(404);
  });

  it('is in the client’s data export, with the documents each file holds, and names its stored files for an erasure', async () => {
    const records = { caseIds: [caseId], consultationIds: [], paymentIds: [], quoteIds: [], contactRequestIds: [], translationRequestIds: [], chatConversationIds: [], chatMessageIds: [] };
    const exported = await filingPacksPersonalData.export(t.database.db, { id: client.user.id, email: client.user.email }, records);
    expect(exported[0]?.files.map((file) => file.documents.map((document) => document.name))).toEqual([[], ['antecedentes.jpg', 'pasaporte.pdf'], ['empadronamiento.jpg', 'contrato-alquiler.jpg']]);
    expect(exported.at(-1)?.receiptNumber).toBe('REGAGE26e00012345678');
    const keys = (await filingPacksPersonalData.storedFiles?.(t.database.db, records)) ?? [];
    expect(keys.length).toBe(exported.reduce((sum, pack) => sum + pack.files.length, 0));
    expect(keys.every((key) => key.startsWith('filing-packs/'))).toBe(true);
  });

  it('erases the packs, rows and files, with the case’s documents once the case has been closed past the retention', async () => {
    const packs = (await as(staff.lawyer, 'GET', `/api/admin/cases/${caseId}/filing-packs`)).json<{ packs: Pack[] }>().packs;
    expect(packs.length).toBeGreaterThan(0);
    expect((await as(staff.owner, 'PUT', `/api/admin/cases/${caseId}/stage`, { stage: 'resolved_favourably' })).statusCode).toBe(200);
    const retention = (now: Date) => eraseExpiredPacks({ db: t.database.db, storage: t.app.storage, log: t.app.log, now: () => now, documentMonths: 24 });
    expect(await retention(new Date())).toBe(0);
    expect(await retention(new Date(Date.now() + 25 * 31 * 24 * 60 * 60 * 1000))).toBe(1);
    expect((await as(staff.lawyer, 'GET', `/api/admin/cases/${caseId}/filing-packs`)).json<{ packs: Pack[] }>().packs).toEqual([]);
    expect((await as(staff.lawyer, 'GET', `/api/admin/filing-packs/${packs[0]?.id}/files/0`)).statusCode).toBe(404);
    const stored: string[] = [];
    for await (const file of t.app.storage.list()) if (file.key.startsWith('filing-packs/')) stored.push(file.key);
    expect(stored).toEqual([]);
  });
});

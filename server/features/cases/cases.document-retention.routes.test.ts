import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseStage } from '#common/cases/cases.contract.ts';
import { auditLogs, caseDocuments, caseStageChanges } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { testClock } from '#server/test/clock.ts';
import { createPaidCase } from '#server/test/factories.ts';
import { multipartBody, sampleFiles } from '#server/test/multipart.ts';
import { storedFiles } from '#server/test/personal-data.ts';

const day = 24 * 60 * 60 * 1000;

describe('cases: the retention of a closed case’s documents (RETENTION_DOCUMENT_MONTHS)', () => {
  let t: TestApp;
  const clock = testClock();
  let client: TestAccount;
  let admin: TestAccount;
  /** Resolved now, so closed 25 months ago once the clock has moved; one of its files arrives 2 months after it closed. */
  let resolved: number;
  /** Cancelled 2 months after the first: 23 months ago. */
  let cancelledLater: number;
  /** Filed, and never closed. */
  let open: number;
  /** Resolved against the client, then appealed: open again. */
  let appealed: number;
  const contents = new Map<string, Buffer>();

  const upload = async (caseId: number, name: string) => {
    const content = Buffer.concat([sampleFiles.pdf(), Buffer.from(name)]);
    const body = multipartBody([{ name: 'document', filename: name, content }]);
    const response = await t.app.inject({ method: 'POST', url: `/api/cases/${caseId}/documents`, payload: body.payload, headers: { ...body.headers, cookie: client.cookie } });
    expect(response.statusCode).toBe(201);
    contents.set(name, content);
    return response.json<{ id: string }>().id;
  };
  const move = async (caseId: number, stage: CaseStage) => {
    const response = await t.app.inject({ method: 'PUT', url: `/api/admin/cases/${caseId}/stage`, headers: { cookie: admin.cookie }, payload: { stage } });
    expect(response.statusCode).toBe(200);
  };
  const documentNames = async (caseId: number) =>
    (await t.database.db.select({ name: caseDocuments.documentName }).from(caseDocuments).where(eq(caseDocuments.caseId, caseId))).map((row) => row.name).sort();
  const isStored = (name: string) => storedFiles(t).some((file) => file.equals(contents.get(name) ?? Buffer.alloc(0)));
  const retentionEntries = () => t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'RETENTION_ERASE')).orderBy(auditLogs.createdAt);
  /** The worker's daily task, run as the clock says. */
  const nextPass = async (afterMs: number) => {
    clock.advance(afterMs);
    await t.app.worker.kick();
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { RETENTION_DOCUMENT_MONTHS: '24' }, worker: { clock: clock.now, pollMs: day } });
    client = await createAccount(t, { firstName: 'Amina', lastName: 'Diallo' });
    admin = await createAccount(t, { role: 'admin' });
    [resolved, cancelledLater, open, appealed] = [await createPaidCase(t.app, client), await createPaidCase(t.app, client), await createPaidCase(t.app, client), await createPaidCase(t.app, client)];

    await upload(resolved, 'pasaporte.pdf');
    await upload(resolved, 'nie.pdf');
    const late = await upload(resolved, 'resolucion.pdf');
    await move(resolved, 'resolved_favourably');
    await upload(cancelledLater, 'contrato.pdf');
    await move(cancelledLater, 'cancelled');
    await upload(open, 'empadronamiento.pdf');
    await move(open, 'filed');
    await upload(appealed, 'antecedentes.pdf');
    await move(appealed, 'resolved_unfavourably');
    await move(appealed, 'appeal_filed');

    const twoMonthsLater = new Date(Date.now() + 60 * day);
    await t.database.db.update(caseDocuments).set({ createdAt: twoMonthsLater }).where(eq(caseDocuments.id, late));
    const [closing] = await t.database.db.select().from(caseStageChanges).where(eq(caseStageChanges.caseId, cancelledLater)).orderBy(desc(caseStageChanges.createdAt)).limit(1);
    await t.database.db.update(caseStageChanges).set({ createdAt: twoMonthsLater }).where(eq(caseStageChanges.id, closing?.id ?? ''));
  });
  afterAll(() => t.close());

  it('erases, once the case has been closed that long, the documents uploaded before, rows and files, with an automatic audit entry', async () => {
    await nextPass(775 * day);
    expect(await documentNames(resolved)).toEqual(['resolucion.pdf']);
    expect(isStored('pasaporte.pdf')).toBe(false);
    expect(isStored('nie.pdf')).toBe(false);
    expect(isStored('resolucion.pdf')).toBe(true);
    const entries = await retentionEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ adminId: null, ipAddress: null, targetTable: 'cases', targetId: String(resolved), details: { documents: 2 } });

    const page = await t.app.inject({ url: '/api/admin/audit', headers: { cookie: admin.cookie } });
    expect(page.json().items[0]).toMatchObject({ action: 'RETENTION_ERASE', admin: null, target: { kind: 'case' }, details: [{ field: 'documents', value: { kind: 'number', number: 2 } }] });
  });

  it('leaves alone a case closed more recently, an open one and one reopened by an appeal', async () => {
    expect(await documentNames(cancelledLater)).toEqual(['contrato.pdf']);
    expect(await documentNames(open)).toEqual(['empadronamiento.pdf']);
    expect(await documentNames(appealed)).toEqual(['antecedentes.pdf']);
    for (const name of ['contrato.pdf', 'empadronamiento.pdf', 'antecedentes.pdf']) expect(isStored(name)).toBe(true);
  });

  it('does nothing more the next day', async () => {
    await nextPass(day);
    expect(await retentionEntries()).toHaveLength(1);
  });

  it('erases the rest as each passes the same age', async () => {
    await nextPass(20 * day);
    expect(await documentNames(cancelledLater)).toEqual([]);
    expect(await documentNames(resolved)).toEqual([]);
    expect(isStored('contrato.pdf')).toBe(false);
    expect(isStored('resolucion.pdf')).toBe(false);
    const entries = await retentionEntries();
    expect(entries.map((entry) => [entry.targetId, entry.details])).toEqual([
      [String(resolved), { documents: 2 }],
      [String(resolved), { documents: 1 }],
      [String(cancelledLater), { documents: 1 }],
    ]);
    expect(await documentNames(open)).toEqual(['empadronamiento.pdf']);
    expect(await documentNames(appealed)).toEqual(['antecedentes.pdf']);
    const audited = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'RETENTION_ERASE'), eq(auditLogs.targetId, String(open))));
    expect(audited).toEqual([]);
  });
});

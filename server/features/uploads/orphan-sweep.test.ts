import fs from 'node:fs';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '#server/db/schema/index.ts';
import { createAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { testClock } from '#server/test/clock.ts';
import { createPaidCase } from '#server/test/factories.ts';
import { multipartBody, sampleFiles } from '#server/test/multipart.ts';
import { storageKeyColumns } from './orphan-sweep.service.ts';

const minute = 60 * 1000;
const day = 24 * 60 * minute;

describe('uploads: the sweep of stored files no row names', () => {
  let t: TestApp;
  const clock = testClock();
  const logLines: Array<{ event?: string; removed?: number }> = [];
  const uploadsDir = () => path.join(t.app.config.dataDir, 'uploads');
  /** Every file under DATA_DIR/uploads, partial ones included, as paths relative to it. */
  const filesOnDisk = () =>
    (fs.readdirSync(uploadsDir(), { recursive: true }) as string[])
      .filter((file) => fs.statSync(path.join(uploadsDir(), file)).isFile())
      .map((file) => file.split(path.sep).join('/'))
      .sort();
  const age = (file: string, ms: number) => {
    const time = new Date(clock.now().getTime() - ms);
    fs.utimesSync(path.join(uploadsDir(), file), time, time);
  };

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(...chunk.toString().trim().split('\n').map((line) => JSON.parse(line) as { event?: string; removed?: number }));
        done();
      },
    });
    t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream, worker: { clock: clock.now, pollMs: day } });
    // The daily task's first run, on an empty store.
    await t.app.worker.kick();
  });
  afterAll(() => t.close());

  it('names every column of the schema that holds a storage key', () => {
    const inSchema = Object.values(schema)
      .filter((value) => is(value, PgTable))
      .flatMap((table) =>
        Object.values(getTableColumns(table))
          .filter((column) => /storage|file_?key|object_?key/.test(column.name))
          .map((column) => `${getTableName(table)}.${column.name}`),
      );
    expect(storageKeyColumns.map((column) => `${getTableName(column.table)}.${column.name}`).sort()).toEqual(inSchema.sort());
  });

  it('removes, in the daily run, the files older than the grace period that no row names, and keeps the rest', async () => {
    const request = multipartBody([
      { name: 'name', value: 'Luc Martin' },
      { name: 'email', value: 'luc@example.com' },
      { name: 'phone', value: '+33612345678' },
      { name: 'sourceLanguage', value: 'fr' },
      { name: 'targetLanguage', value: 'es' },
      { name: 'privacy', value: 'true' },
      { name: 'documents', filename: 'acte.pdf', content: sampleFiles.pdf(), contentType: 'application/pdf' },
    ]);
    const submitted = await t.app.inject({ method: 'POST', url: '/api/translation-requests', payload: request.payload, headers: request.headers });
    expect(submitted.statusCode).toBe(201);
    const client = await createAccount(t);
    const caseId = await createPaidCase(t.app, client);
    const document = multipartBody([{ name: 'document', filename: 'pasaporte.pdf', content: sampleFiles.pdf() }]);
    const uploaded = await t.app.inject({ method: 'POST', url: `/api/cases/${caseId}/documents`, payload: document.payload, headers: { ...document.headers, cookie: client.cookie } });
    expect(uploaded.statusCode).toBe(201);
    const referenced = filesOnDisk();
    expect(referenced).toHaveLength(2);

    await t.app.storage.put('translation-requests/2026/11/old-stray.pdf', Readable.from([sampleFiles.pdf()]), 'application/pdf');
    await t.app.storage.put('case-documents/2026/11/fresh-stray.pdf', Readable.from([sampleFiles.pdf()]), 'application/pdf');
    fs.writeFileSync(path.join(uploadsDir(), 'case-documents/2026/11/killed.pdf.0a1b2c3d.part'), 'half');
    fs.writeFileSync(path.join(uploadsDir(), 'case-documents/2026/11/writing.pdf.4e5f6a7b.part'), 'half');

    clock.advance(day);
    for (const file of referenced) age(file, 2 * 60 * minute);
    age('translation-requests/2026/11/old-stray.pdf', 61 * minute);
    age('case-documents/2026/11/killed.pdf.0a1b2c3d.part', 61 * minute);
    age('case-documents/2026/11/fresh-stray.pdf', 59 * minute);
    age('case-documents/2026/11/writing.pdf.4e5f6a7b.part', minute);
    await t.app.worker.kick();

    expect(filesOnDisk()).toEqual(
      [...referenced, 'case-documents/2026/11/fresh-stray.pdf', 'case-documents/2026/11/writing.pdf.4e5f6a7b.part'].sort(),
    );
    expect(logLines.filter((line) => line.event === 'orphan-sweep')).toEqual([expect.objectContaining({ removed: 2 })]);
  });
});

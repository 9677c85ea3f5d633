import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseDisplayId } from '#common/cases/cases.contract.ts';
import { firmDay } from '#common/dates.ts';
import { privacyPolicyVersion } from '#common/intake/fields.ts';
import { auditLogs, users } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { givePersonalData, type PersonalData } from '#server/test/personal-data.ts';

/** The entries of a tar.gz, by name. */
async function unpack(archive: Buffer): Promise<Map<string, Buffer>> {
  const entries = new Map<string, Buffer>();
  const extract = tar.extract();
  const reading = pipeline(Readable.from(archive), createGunzip(), extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.set(entry.header.name, Buffer.concat(chunks));
  }
  await reading;
  return entries;
}

type Exported = {
  account: { id: string; email: string; firstName: string; privacyConsentedAt: string | null; privacyPolicyVersion: string | null };
  cases: Array<{ id: number; number: string; stage: string; timeline: Array<{ stage: string; note: string | null }>; messages: Array<{ body: string }>; documents: Array<{ name: string; file: string | null; isUploadedByYou: boolean }> }>;
  consultations: Array<{ id: string; messages: Array<{ body: string; attachments: Array<{ name: string; file: string | null }> }> }>;
  payments: Array<{ caseId: number | null; status: string; invoices: Array<{ number: string; content: { buyer: { email: string } } }> }>;
  contactRequests: Array<{ message: string }>;
  translationRequests: Array<{ textToTranslate: string; documents: Array<{ name: string; file: string | null }> }>;
  chatMessages: Array<{ text: string }>;
  auditEntries: Array<{ action: string; details: Record<string, unknown>; isYourAction: boolean }>;
};

describe('profile: the download of one’s own data (right of access and portability)', () => {
  let t: TestApp;
  let ana: TestAccount;
  let omar: TestAccount;
  let admin: TestAccount;
  let anaData: PersonalData;
  let omarData: PersonalData;

  beforeAll(async () => {
    t = await createTestApp();
    ana = await createAccount(t, { firstName: 'Ana', lastName: 'Ruiz' });
    omar = await createAccount(t, { firstName: 'Omar', lastName: 'Haddad' });
    admin = await createAccount(t, { role: 'admin' });
    anaData = await givePersonalData(t, ana, admin, 'ana');
    omarData = await givePersonalData(t, omar, admin, 'omar');
    // What her registration kept (auth.routes.test.ts registers through the form): the privacy policy she accepted, and when.
    await t.database.db.update(users).set({ privacyConsentedAt: new Date('2026-11-29T08:00:00Z'), privacyPolicyVersion }).where(eq(users.id, ana.user.id));
  });
  afterAll(() => t.close());

  const download = (account: TestAccount, headers: Record<string, string> = {}) =>
    t.app.inject({ url: '/api/profile/export', headers: { cookie: account.cookie, ...headers } });

  it('is only for a signed-in account', async () => {
    expect((await t.app.inject({ url: '/api/profile/export' })).statusCode).toBe(401);
  });

  it('holds every row about the client and their files, never another client’s, in a tar.gz that is not cached', async () => {
    const response = await download(ana);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/gzip');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-disposition']).toContain(`filename="mis-datos-${firmDay(new Date())}.tar.gz"`);

    const entries = await unpack(response.rawPayload);
    expect(entries.get('LEEME.txt')?.toString()).toContain('data.json');
    const data = JSON.parse(entries.get('data.json')?.toString() ?? '{}') as Exported;
    expect(data.account).toMatchObject({ privacyConsentedAt: '2026-11-29T08:00:00.000Z', privacyPolicyVersion });
    expect(data.account).toMatchObject({ id: ana.user.id, email: ana.user.email, firstName: 'Ana' });

    const [own] = data.cases;
    expect(data.cases).toHaveLength(1);
    expect(own).toMatchObject({ id: anaData.caseId, number: caseDisplayId(anaData.caseId), stage: 'reviewing_documents', messages: [{ body: anaData.texts.caseMessage }] });
    expect(own?.timeline.map((change) => change.note)).toEqual([null, anaData.texts.stageNote]);
    const [document] = own?.documents ?? [];
    expect(document).toMatchObject({ name: anaData.files.caseDocument.name, isUploadedByYou: true });
    expect(entries.get(document?.file ?? '')).toEqual(anaData.files.caseDocument.content);

    const attachment = data.consultations.find((item) => item.id === anaData.consultationId)?.messages[0]?.attachments[0];
    expect(attachment?.name).toBe(anaData.files.attachment.name);
    expect(entries.get(attachment?.file ?? '')).toEqual(anaData.files.attachment.content);
    const [translation] = data.translationRequests;
    expect(translation?.textToTranslate).toBe(anaData.texts.translationComment);
    expect(entries.get(translation?.documents[0]?.file ?? '')).toEqual(anaData.files.translationDocument.content);

    expect(data.payments.map((payment) => payment.status)).toEqual(['paid', 'paid']);
    const casePayment = data.payments.find((payment) => payment.caseId === anaData.caseId);
    expect(casePayment?.invoices[0]?.number).toMatch(/^F-\d{4}-\d{4}$/);
    expect(casePayment?.invoices[0]?.content.buyer.email).toBe(ana.user.email);
    expect(data.contactRequests.map((request) => request.message)).toEqual([anaData.texts.contactMessage]);
    expect(data.chatMessages.map((message) => message.text)).toEqual([anaData.texts.chatMessage]);
    expect(data.auditEntries).toContainEqual(
      expect.objectContaining({ action: 'STAGE_CHANGE', details: { from: 'awaiting_documents', to: 'reviewing_documents', note: anaData.texts.stageNote }, isYourAction: false }),
    );

    // Three files, the data and the note: nothing else.
    expect([...entries.keys()].filter((name) => name.startsWith('documents/'))).toHaveLength(3);
    const everything = [...entries.values()].map((body) => body.toString('latin1')).join('\n');
    for (const foreign of [omar.user.email, omar.user.id, 'Haddad', caseDisplayId(omarData.caseId), omarData.consultationId, ...Object.values(omarData.texts)]) {
      expect(everything).not.toContain(foreign);
    }
    for (const file of Object.values(omarData.files)) {
      expect(everything).not.toContain(file.name);
      expect([...entries.values()].some((body) => body.equals(file.content))).toBe(false);
    }
  });

  it('is audited, as the client’s own act', async () => {
    const before = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'DATA_EXPORT'), eq(auditLogs.targetId, omar.user.id)));
    expect((await download(omar)).statusCode).toBe(200);
    const after = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'DATA_EXPORT'), eq(auditLogs.targetId, omar.user.id)));
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ adminId: omar.user.id, targetTable: 'users', details: { documents: 3 } });
  });

  it('names its file and its note in the client’s language', async () => {
    const response = await download(omar, { 'accept-language': 'fr' });
    expect(response.headers['content-disposition']).toContain(`filename="mes-donnees-${firmDay(new Date())}.tar.gz"`);
    expect((await unpack(response.rawPayload)).get('LISEZMOI.txt')?.toString()).toContain('Voici les données personnelles');
  });

  it('allows five downloads an hour per account', async () => {
    const fresh = await createAccount(t);
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await download(fresh)).statusCode).toBe(200);
    const refused = await download(fresh);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rateLimited');
  });
});

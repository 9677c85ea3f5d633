import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffInvitations } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { staffPersonalData } from './staff.personal-data.service.ts';

let t: TestApp;
let owner: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createAccount(t, { role: 'owner' });
}, 60_000);
afterAll(() => t?.close());

describe("the staff invitations in a person's data", () => {
  it('exports the invitations sent to their e-mail, never the link, and erases them with the account', async () => {
    const invite = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/admin/staff/invitations', headers: { cookie: owner.cookie }, payload: { email, role: 'translator', language: 'es' } });
    expect((await invite('Traductora@Example.com')).statusCode).toBe(201);
    expect((await invite('otra@example.com')).statusCode).toBe(201);
    const person = { id: 'someone', email: 'traductora@example.com' };
    const records = { caseIds: [], consultationIds: [], paymentIds: [], quoteIds: [], contactRequestIds: [], translationRequestIds: [], chatConversationIds: [], chatMessageIds: [] };

    const exported = await staffPersonalData.export(t.database.db, person, records);
    expect(exported).toHaveLength(1);
    expect(exported[0]).toMatchObject({ email: expect.stringMatching(/^traductora@example.com$/i), role: 'translator', acceptedAt: null });
    expect(JSON.stringify(exported)).not.toMatch(/token/i);

    await staffPersonalData.erase(t.database.db, { person, records, kept: { caseIds: [], consultationIds: [], quoteIds: [] }, erasedEmail: 'erased@invalid', now: new Date() });
    expect((await t.database.db.select({ email: staffInvitations.email }).from(staffInvitations)).map((row) => row.email)).toEqual(['otra@example.com']);
  });
});

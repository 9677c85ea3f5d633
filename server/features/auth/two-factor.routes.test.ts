import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserIdByEmail } from '#server/features/auth/auth.repository.ts';
import { upsertConfirmedAccount } from '#server/features/auth/confirmed-account.ts';
import { createAccount, setUpTwoFactor, signInAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { totpCode, unusedTotpCode } from '#server/test/totp.ts';

let t: TestApp;
let ipSequence = 0;
/** Each request from its own address, so the per-address limits of one test do not reach the next. */
const nextIp = () => `10.20.${Math.floor(ipSequence / 250)}.${(ipSequence++ % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const cookieOf = (response: { cookies: { name: string; value: string }[] }) => response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

function post(url: string, payload: object, cookie?: string, language = 'es') {
  return t.app.inject({ method: 'POST', url, payload, headers: { 'accept-language': language, ...(cookie ? { cookie } : {}) }, remoteAddress: nextIp() });
}
function get(url: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {}, remoteAddress: nextIp() });
}

/** A client with the second factor on: its key and backup codes, and a session made with it. */
async function clientWithTwoFactor(): Promise<TestAccount & { totpSecret: string; backupCodes: string[] }> {
  const account = await createAccount(t);
  const set = await setUpTwoFactor(t.app, account.cookie, account.password);
  return { ...account, cookie: set.cookie, totpSecret: set.totpSecret, backupCodes: set.backupCodes };
}

/** The password step alone: the cookie that carries the challenge to the second step. */
async function passwordStep(account: TestAccount) {
  const response = await post('/api/account/sign-in', { email: account.user.email, password: account.password });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ isSecondFactorRequired: true });
  // No session yet: only the challenge.
  expect(response.cookies.find((c) => c.name.endsWith('session_token') && c.value !== '')).toBeUndefined();
  return cookieOf(response);
}

async function sessionUser(cookie: string) {
  return (await get('/api/account/session', cookie)).json().user as { id: string; role: string; hasTwoFactor: boolean; isTwoFactorSetupRequired: boolean } | null;
}

describe('turning the second factor on', () => {
  it('answers the key, the otpauth link and ten backup codes; sign-in is unchanged until a first code confirms it', async () => {
    const account = await createAccount(t);
    const started = await post('/api/account/two-factor/enable', { password: account.password }, account.cookie);
    expect(started.statusCode).toBe(200);
    const setup = started.json() as { totpUri: string; secret: string; backupCodes: string[] };
    expect(setup.totpUri).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(setup.totpUri).searchParams.get('secret')).toBe(setup.secret);
    expect(setup.backupCodes).toHaveLength(10);
    expect(await sessionUser(account.cookie)).toMatchObject({ hasTwoFactor: false });
    expect(await signInAccount(t.app, account)).toContain('session_token');

    const wrong = await post('/api/account/two-factor/confirm', { code: totpCode(setup.secret, { stepsAhead: 5 }) }, account.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'invalidCode', message: 'El código no es correcto. Comprueba la hora de tu móvil o usa un código de respaldo.' });

    const confirmed = await post('/api/account/two-factor/confirm', { code: await unusedTotpCode(setup.secret) }, account.cookie);
    expect(confirmed.statusCode).toBe(204);
    expect(await sessionUser(cookieOf(confirmed))).toMatchObject({ hasTwoFactor: true });
    await passwordStep(account);
  });

  it('refuses a wrong password, a malformed code and a second set-up, translated', async () => {
    const account = await createAccount(t);
    const wrongPassword = await post('/api/account/two-factor/enable', { password: 'no-es-la-contraseña' }, account.cookie, 'en');
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({ code: 'wrongPassword' });
    const malformed = await post('/api/account/two-factor/confirm', { code: '12ab' }, account.cookie, 'fr');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().issues).toEqual([{ path: 'code', message: 'Saisissez les 6 chiffres de votre application ou un code de secours (xxxxx-xxxxx).' }]);
    const set = await setUpTwoFactor(t.app, account.cookie, account.password);
    const again = await post('/api/account/two-factor/enable', { password: account.password }, set.cookie);
    expect(again.statusCode).toBe(409);
  });

  it('is only for a signed-in account', async () => {
    expect((await post('/api/account/two-factor/enable', { password: 'x' })).statusCode).toBe(401);
    expect((await post('/api/account/two-factor/confirm', { code: '123456' })).statusCode).toBe(401);
  });
});

describe('signing in with a second factor', () => {
  it('opens a session with the code of the authenticator app', async () => {
    const account = await clientWithTwoFactor();
    const challenge = await passwordStep(account);
    const second = await post('/api/account/sign-in/second-factor', { code: await unusedTotpCode(account.totpSecret) }, challenge);
    expect(second.statusCode).toBe(200);
    expect(second.json().user).toMatchObject({ id: account.user.id, role: 'user', hasTwoFactor: true });
    expect(await sessionUser(cookieOf(second))).toMatchObject({ id: account.user.id });
  });

  it('refuses a wrong code (translated), and ends the challenge after five', async () => {
    const account = await clientWithTwoFactor();
    const challenge = await passwordStep(account);
    const wrongCode = totpCode(account.totpSecret, { stepsAhead: 10 });
    const wrong = await post('/api/account/sign-in/second-factor', { code: wrongCode }, challenge, 'en');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'invalidCode', message: "The code is not correct. Check your phone's clock or use a backup code." });
    expect(wrong.cookies.find((c) => c.name.endsWith('session_token') && c.value !== '')).toBeUndefined();
    for (let attempt = 2; attempt <= 5; attempt += 1) expect((await post('/api/account/sign-in/second-factor', { code: wrongCode }, challenge)).statusCode).toBe(400);
    const spent = await post('/api/account/sign-in/second-factor', { code: await unusedTotpCode(account.totpSecret) }, challenge);
    expect(spent.statusCode).toBe(401);
    expect(spent.json()).toMatchObject({ code: 'secondFactorExpired', message: 'La verificación ha caducado. Inicia sesión de nuevo.' });
  });

  it('takes an app code once: signing in again with it is refused as a wrong code, translated, with no session', async () => {
    const account = await clientWithTwoFactor();
    const code = await unusedTotpCode(account.totpSecret);
    const first = await post('/api/account/sign-in/second-factor', { code }, await passwordStep(account));
    expect(first.statusCode).toBe(200);
    const replayed = await post('/api/account/sign-in/second-factor', { code }, await passwordStep(account));
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toEqual({ code: 'invalidCode', message: 'El código no es correcto. Comprueba la hora de tu móvil o usa un código de respaldo.' });
    expect(replayed.cookies.find((c) => c.name.endsWith('session_token') && c.value !== '')).toBeUndefined();
    const sessions = (await get('/api/account/sessions', cookieOf(first))).json() as { sessions: unknown[] };
    // The account's first session (made before its second factor) and the one the code opened.
    expect(sessions.sessions).toHaveLength(2);
  });

  it('of two sign-ins sent at once with one code, only one opens a session', async () => {
    const account = await clientWithTwoFactor();
    const code = await unusedTotpCode(account.totpSecret);
    const challenges = [await passwordStep(account), await passwordStep(account)];
    const answers = await Promise.all(challenges.map((challenge) => post('/api/account/sign-in/second-factor', { code }, challenge)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const opened = answers.find((answer) => answer.statusCode === 200);
    const sessions = (await get('/api/account/sessions', cookieOf(opened as (typeof answers)[number]))).json() as { sessions: unknown[] };
    expect(sessions.sessions).toHaveLength(2);
  });

  it('refuses the code of an earlier step once a later one was used, and the code that confirmed the app', async () => {
    // The codes of the step before, this one and the next are all inside the window only within one step.
    if (Date.now() % 30_000 > 25_000) await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 100));
    const account = await createAccount(t);
    const started = (await post('/api/account/two-factor/enable', { password: account.password }, account.cookie)).json() as { secret: string };
    const confirmingCode = totpCode(started.secret, { stepsAhead: -1 });
    expect((await post('/api/account/two-factor/confirm', { code: confirmingCode }, account.cookie)).statusCode).toBe(204);
    const confirmingAgain = await post('/api/account/sign-in/second-factor', { code: confirmingCode }, await passwordStep(account), 'fr');
    expect(confirmingAgain.json()).toMatchObject({ code: 'invalidCode', message: "Le code n'est pas correct. Vérifiez l'heure de votre téléphone ou utilisez un code de secours." });
    expect((await post('/api/account/sign-in/second-factor', { code: totpCode(started.secret, { stepsAhead: 1 }) }, await passwordStep(account))).statusCode).toBe(200);
    const earlier = await post('/api/account/sign-in/second-factor', { code: totpCode(started.secret) }, await passwordStep(account), 'en');
    expect(earlier.json()).toEqual({ code: 'invalidCode', message: "The code is not correct. Check your phone's clock or use a backup code." });
  });

  it('needs the password step first', async () => {
    const account = await clientWithTwoFactor();
    const alone = await post('/api/account/sign-in/second-factor', { code: await unusedTotpCode(account.totpSecret) });
    expect(alone.statusCode).toBe(401);
    expect(alone.json()).toMatchObject({ code: 'secondFactorExpired' });
  });

  it('takes a backup code once', async () => {
    const account = await clientWithTwoFactor();
    const [code] = account.backupCodes as [string];
    const first = await post('/api/account/sign-in/second-factor', { code }, await passwordStep(account));
    expect(first.statusCode).toBe(200);
    const reused = await post('/api/account/sign-in/second-factor', { code }, await passwordStep(account));
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'invalidCode' });
  });

  it('makes new backup codes with the password; the old ones stop working', async () => {
    const account = await clientWithTwoFactor();
    expect((await post('/api/account/two-factor/backup-codes', { password: 'mala' }, account.cookie)).json()).toMatchObject({ code: 'wrongPassword' });
    const renewed = await post('/api/account/two-factor/backup-codes', { password: account.password }, account.cookie);
    expect(renewed.statusCode).toBe(200);
    const { backupCodes } = renewed.json() as { backupCodes: string[] };
    expect(backupCodes).toHaveLength(10);
    expect((await post('/api/account/sign-in/second-factor', { code: account.backupCodes[0] }, await passwordStep(account))).statusCode).toBe(400);
    expect((await post('/api/account/sign-in/second-factor', { code: backupCodes[0] }, await passwordStep(account))).statusCode).toBe(200);
  });

  it('turns off with the password and a current code; sign-in then needs the password only', async () => {
    const account = await clientWithTwoFactor();
    const wrongCode = await post('/api/account/two-factor/disable', { password: account.password, code: totpCode(account.totpSecret, { stepsAhead: 10 }) }, account.cookie);
    expect(wrongCode.json()).toMatchObject({ code: 'invalidCode' });
    const wrongPassword = await post('/api/account/two-factor/disable', { password: 'mala', code: await unusedTotpCode(account.totpSecret) }, account.cookie);
    expect(wrongPassword.json()).toMatchObject({ code: 'wrongPassword' });
    const disabled = await post('/api/account/two-factor/disable', { password: account.password, code: await unusedTotpCode(account.totpSecret) }, account.cookie);
    expect(disabled.statusCode).toBe(204);
    const signIn = await post('/api/account/sign-in', { email: account.user.email, password: account.password });
    expect(signIn.json()).toMatchObject({ user: { hasTwoFactor: false } });
  });
});

describe('admins and the second factor', () => {
  it('keeps the back office closed to an admin without one, who acts as a client until it is set up', async () => {
    const email = `nueva-admin-${Date.now()}@example.com`;
    const password = 'Admin-Sin-Factor-2026';
    await upsertConfirmedAccount(t.app.auth, t.database.db, { email, password, firstName: 'Nuria', lastName: 'Sanz', role: 'owner' });
    const cookie = await signInAccount(t.app, { user: { email }, password });
    expect(await sessionUser(cookie)).toMatchObject({ role: 'user', hasTwoFactor: false, isTwoFactorSetupRequired: true });
    for (const url of ['/api/admin/clients', '/api/admin/audit', '/api/admin/cases']) {
      const refused = await get(url, cookie);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'twoFactorRequired', message: 'Configura la verificación en dos pasos para usar el panel de administración.' });
    }
    const set = await setUpTwoFactor(t.app, cookie, password);
    expect(await sessionUser(set.cookie)).toMatchObject({ role: 'owner', isTwoFactorSetupRequired: false });
    expect((await get('/api/admin/clients', set.cookie)).statusCode).toBe(200);
  });

  it('cannot turn it off', async () => {
    const admin = await createAccount(t, { role: 'admin' });
    const refused = await post('/api/account/two-factor/disable', { password: admin.password, code: totpCode(admin.totpSecret ?? '') }, admin.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'Un administrador no puede desactivar la verificación en dos pasos.' });
  });
});

describe('making someone an admin', () => {
  it('refuses an unconfirmed account, translated, and changes nothing', async () => {
    const admin = await createAccount(t, { role: 'admin' });
    const email = `sin-confirmar-${Date.now()}@example.com`;
    const registered = await post('/api/account/register', { firstName: 'Iker', lastName: 'Sola', email, phone: '+34611223344', password: 'Palmeral-Elche-2026', acceptTerms: true });
    expect(registered.statusCode).toBe(202);
    const id = (await findUserIdByEmail(t.database.db, email)) as string;
    const refused = await t.app.inject({ method: 'PUT', url: `/api/admin/clients/${id}/role`, payload: { role: 'owner' }, headers: { cookie: admin.cookie, 'accept-language': 'fr' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: "Seul un compte confirmé peut devenir administrateur\u00a0: la personne doit d'abord confirmer son e-mail." });
    const page = (await get(`/api/admin/clients?q=${encodeURIComponent(email)}`, admin.cookie)).json() as { items: { role: string }[] };
    expect(page.items[0]?.role).toBe('user');
  });

  it('promotes a confirmed account and the Auditoría tab reads who, whom and the role before and after', async () => {
    const admin = await createAccount(t, { role: 'admin', firstName: 'Marta', lastName: 'Ruiz' });
    const client = await createAccount(t, { firstName: 'Pablo', lastName: 'Nieto' });
    const promoted = await t.app.inject({ method: 'PUT', url: `/api/admin/clients/${client.user.id}/role`, payload: { role: 'owner' }, headers: { cookie: admin.cookie } });
    expect(promoted.statusCode).toBe(204);
    // The new admin has no second factor yet: the back office waits for it.
    expect(await sessionUser(client.cookie)).toMatchObject({ role: 'user', isTwoFactorSetupRequired: true });
    const audit = (await get('/api/admin/audit', admin.cookie)).json() as { items: { action: string; target: object; details: object[]; admin: object }[] };
    const entry = audit.items.find((item) => item.action === 'ROLE_CHANGE');
    expect(entry).toMatchObject({
      target: { kind: 'account', name: 'Pablo Nieto' },
      admin: { name: 'Marta Ruiz', email: admin.user.email },
    });
    expect(entry?.details).toEqual(
      expect.arrayContaining([
        { field: 'role', value: { kind: 'term', group: 'role', term: 'owner' }, previous: { kind: 'term', group: 'role', term: 'user' } },
        { field: 'email', value: { kind: 'text', text: client.user.email } },
      ]),
    );
  });
});

describe('sessions', () => {
  it('lists the account’s own sessions, marks this one, and ends another, which is then signed out', async () => {
    const account = await createAccount(t);
    const phone = await t.app.inject({
      method: 'POST',
      url: '/api/account/sign-in',
      payload: { email: account.user.email, password: account.password },
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1' },
      remoteAddress: '203.0.113.9',
    });
    const phoneCookie = cookieOf(phone);
    const listed = (await get('/api/account/sessions', account.cookie)).json() as { sessions: { id: string; isCurrent: boolean; ipAddress: string | null; userAgent: string | null }[] };
    expect(listed.sessions).toHaveLength(2);
    expect(listed.sessions.filter((s) => s.isCurrent)).toHaveLength(1);
    const other = listed.sessions.find((s) => !s.isCurrent);
    expect(other).toMatchObject({ ipAddress: '203.0.113.9', userAgent: expect.stringContaining('iPhone') });

    const stranger = await createAccount(t);
    const foreign = await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${other?.id}`, headers: { cookie: stranger.cookie } });
    expect(foreign.statusCode).toBe(404);
    expect(await sessionUser(phoneCookie)).toMatchObject({ id: account.user.id });

    const current = listed.sessions.find((s) => s.isCurrent);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${current?.id}`, headers: { cookie: account.cookie } })).statusCode).toBe(409);

    const ended = await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${other?.id}`, headers: { cookie: account.cookie } });
    expect(ended.statusCode).toBe(204);
    expect(await sessionUser(phoneCookie)).toBeNull();
    expect((await get('/api/profile', phoneCookie)).statusCode).toBe(401);
    expect(await sessionUser(account.cookie)).toMatchObject({ id: account.user.id });
  });

  it('ends every other session at once and keeps this one', async () => {
    const account = await createAccount(t);
    const others = [await signInAccount(t.app, account), await signInAccount(t.app, account)];
    const ended = await post('/api/account/sessions/end-others', {}, account.cookie);
    expect(ended.statusCode).toBe(204);
    for (const cookie of others) expect(await sessionUser(cookie)).toBeNull();
    const listed = (await get('/api/account/sessions', account.cookie)).json() as { sessions: { isCurrent: boolean }[] };
    expect(listed.sessions).toEqual([expect.objectContaining({ isCurrent: true })]);
  });

  it('is only for a signed-in account', async () => {
    expect((await get('/api/account/sessions')).statusCode).toBe(401);
  });
});

import { spawnSync } from 'node:child_process';
import type { BrowserContext, Page } from 'playwright-core';
import type { MailCapture } from '#server/test/mail-capture.ts';
import { unusedTotpCode } from '#server/test/totp.ts';
import { root } from '../../scripts/lib/web-build.mjs';
import { withAcceptedLetter } from './engagement.ts';

export type Account = { email: string; password: string; firstName: string; lastName: string; phone: string };

export const sampleAdmin: Account = { email: 'marta@despacho.example', password: 'Admin-Elche-2026!', firstName: 'Marta', lastName: 'Ruiz', phone: '+34600000001' };
export const sampleClient: Account = { email: 'amina@example.com', password: 'Palmeral-Elche-2026', firstName: 'Amina', lastName: 'Diallo', phone: '+34611223344' };

/** An admin made the operator's way (`npm run admin:create`) on the server's DATA_DIR. */
export function createAdmin(dataDir: string, admin: Account = sampleAdmin) {
  const created = spawnSync(
    'npx',
    ['tsx', 'scripts/admin-create.ts', '--email', admin.email, '--password', admin.password, '--first-name', admin.firstName, '--last-name', admin.lastName],
    { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
  );
  if (created.status !== 0) throw new Error(`admin:create failed:\n${created.stderr}`);
}

async function expectOk(response: Response, what: string) {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

/**
 * What a complete invoice names of its recipient (Real Decreto 1619/2012, art. 6), filled in the
 * profile as the client does once before paying: a NIE, an address, Spain, a private person.
 */
export async function fillInvoiceProfile(baseUrl: string, cookie: string, client: Account) {
  const saved = await fetch(`${baseUrl}/api/profile`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie, origin: baseUrl },
    body: JSON.stringify({
      firstName: client.firstName,
      lastName: client.lastName,
      email: client.email,
      phone: client.phone,
      nie: 'X1234567L',
      passportNumber: null,
      address: 'Calle Mayor 2, 03202 Elche',
      dateOfBirth: null,
      residenceCountry: 'ES',
      buyerKind: 'private',
      businessName: null,
      businessTaxId: null,
    }),
  });
  await expectOk(saved, 'profile');
}

/**
 * A client who registers and confirms through the mailed link, fills in the profile an invoice needs, then accepts the engagement letter of
 * and pays, on the built-in test
 * provider, for each service given ('express', 'arraigo'…) and cancels the checkout of each one in `cancelled`;
 * the scheduled consultation is booked on the first free slot of the next two weeks, by video call.
 */
export async function createClient(
  baseUrl: string,
  mail: MailCapture,
  {
    client = sampleClient,
    paid = [],
    cancelled = [],
    hasInvoiceProfile = true,
  }: { client?: Account; paid?: string[]; cancelled?: string[]; /** false: the profile is left empty, as a new client's is. */ hasInvoiceProfile?: boolean } = {},
) {
  const post = (url: string, body: object, cookie = '') =>
    fetch(`${baseUrl}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
  await expectOk(await post('/api/account/register', { ...client, acceptTerms: true }), 'registration');
  const confirmation = await mail.waitFor(client.email, /Confirma tu cuenta/);
  const link = confirmation.text.match(/https?:\/\/\S+verify-email\S+/)?.[0] ?? '';
  await fetch(link, { redirect: 'manual' });
  const signIn = await expectOk(await post('/api/account/sign-in', { email: client.email, password: client.password }), 'sign-in');
  const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const { user } = (await signIn.json()) as { user: object };
  if (hasInvoiceProfile) await fillInvoiceProfile(baseUrl, cookie, client);
  const firstFreeSlot = async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const free = (await (await fetch(`${baseUrl}/api/consultations/slots?from=${day(0)}&to=${day(13)}`)).json()) as { slots: string[] };
    return free.slots[0];
  };
  const checkout = async (serviceId: string, action: 'pay' | 'cancel') => {
    const booking = serviceId === 'scheduled' ? { startsAt: await firstFreeSlot(), meetingMode: 'video' } : undefined;
    const started = await expectOk(await post('/api/payments/checkout', await withAcceptedLetter(baseUrl, cookie, { service: { id: serviceId }, user, booking }), cookie), 'checkout');
    const session = new URL(((await started.json()) as { url: string }).url).searchParams.get('session');
    await expectOk(await post(`/api/payments/test-checkout/${session}/${action}`, {}, cookie), `checkout ${action}`);
  };
  for (const serviceId of cancelled) await checkout(serviceId, 'cancel');
  for (const serviceId of paid) await checkout(serviceId, 'pay');
}

/** The authenticator key of each account whose second factor these helpers set up, by e-mail. */
const totpSecrets = new Map<string, string>();

/** A code the account's authenticator app shows that the server has not taken yet (each is taken once); its second factor was set up by these helpers. */
export async function unusedCode(email: string): Promise<string> {
  const secret = totpSecrets.get(email);
  if (!secret) throw new Error(`no second factor known for ${email}`);
  return unusedTotpCode(secret);
}

/** Remembers the key an account's set-up page showed, for the codes of its later sign-ins. */
function rememberTotpSecret(email: string, secret: string) {
  totpSecrets.set(email, secret);
}

type Post = (url: string, body: object) => Promise<{ status: number; json: () => Promise<unknown> }>;

/**
 * Signs in through the real routes: with the code of the account's app when it has a second
 * factor; an admin signing in for the first time sets it up (ADR 029), as the set-up page would.
 */
async function signInThrough(post: Post, account: Pick<Account, 'email' | 'password'>) {
  const signedIn = await post('/api/account/sign-in', { email: account.email, password: account.password });
  if (signedIn.status !== 200) throw new Error(`sign-in of ${account.email}: ${signedIn.status}`);
  const answer = (await signedIn.json()) as { isSecondFactorRequired?: true; user?: { isTwoFactorSetupRequired: boolean } };
  if (answer.isSecondFactorRequired) {
    const second = await post('/api/account/sign-in/second-factor', { code: await unusedCode(account.email) });
    if (second.status !== 200) throw new Error(`second factor of ${account.email}: ${second.status}`);
    return;
  }
  if (!answer.user?.isTwoFactorSetupRequired) return;
  const enabled = await post('/api/account/two-factor/enable', { password: account.password });
  if (enabled.status !== 200) throw new Error(`two-factor set-up of ${account.email}: ${enabled.status}`);
  rememberTotpSecret(account.email, ((await enabled.json()) as { secret: string }).secret);
  const confirmed = await post('/api/account/two-factor/confirm', { code: await unusedCode(account.email) });
  if (confirmed.status !== 204) throw new Error(`two-factor confirmation of ${account.email}: ${confirmed.status}`);
}

/** Signs the browser context in (its cookies then carry the session to every page). */
export async function signIn(context: BrowserContext, account: Pick<Account, 'email' | 'password'>) {
  await signInThrough(async (url, data) => {
    const response = await context.request.post(url, { data });
    return { status: response.status(), json: () => response.json() as Promise<unknown> };
  }, account);
}

/** Signs in over plain HTTP, as a script would; the Cookie header of the session. */
export async function signInOverHttp(baseUrl: string, account: Pick<Account, 'email' | 'password'>): Promise<string> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  await signInThrough(async (url, body) => {
    const response = await fetch(`${baseUrl}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: baseUrl, cookie: cookie() }, body: JSON.stringify(body) });
    for (const set of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = set.split(';');
      const [name = '', value = ''] = pair.split('=');
      const isCleared = value === '' || attributes.some((attribute) => /max-age=0\b/i.test(attribute.trim()));
      if (isCleared) jar.delete(name);
      else jar.set(name, value);
    }
    return { status: response.status, json: () => response.json() as Promise<unknown> };
  }, account);
  return cookie();
}

/**
 * On the page an admin without a second factor is sent to (or on /perfil), sets it up as a person
 * would: the password, the key read from the page into the authenticator app, then its first code.
 */
export async function completeTwoFactorSetUp(page: Page, account: Pick<Account, 'email' | 'password'>) {
  await page.getByLabel('Contraseña actual').fill(account.password);
  await page.getByRole('button', { name: 'Activar la verificación en dos pasos' }).click();
  const key = page.getByLabel('Clave para la aplicación');
  await key.waitFor();
  rememberTotpSecret(account.email, (await key.textContent()) ?? '');
  await page.getByLabel('Código de verificación').fill(await unusedCode(account.email));
  await page.getByRole('button', { name: 'Confirmar y activar' }).click();
  await page.getByText('Verificación en dos pasos activada.').first().waitFor();
}

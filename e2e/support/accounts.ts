import { spawnSync } from 'node:child_process';
import type { BrowserContext } from 'playwright-core';
import type { MailCapture } from '#server/test/mail-capture.ts';
import { root } from '../../scripts/lib/web-build.mjs';

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
 * A client who registers and confirms through the mailed link, then pays, on the built-in test
 * provider, for each service given ('express', 'arraigo'…) and cancels the checkout of each one in `cancelled`;
 * the scheduled consultation is booked on the first free slot of the next two weeks, by video call.
 */
export async function createClient(
  baseUrl: string,
  mail: MailCapture,
  { client = sampleClient, paid = [], cancelled = [] }: { client?: Account; paid?: string[]; cancelled?: string[] } = {},
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
  const firstFreeSlot = async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const free = (await (await fetch(`${baseUrl}/api/consultations/slots?from=${day(0)}&to=${day(13)}`)).json()) as { slots: string[] };
    return free.slots[0];
  };
  const checkout = async (serviceId: string, action: 'pay' | 'cancel') => {
    const booking = serviceId === 'scheduled' ? { startsAt: await firstFreeSlot(), meetingMode: 'video' } : undefined;
    const started = await expectOk(await post('/api/payments/checkout', { service: { id: serviceId }, user, booking }, cookie), 'checkout');
    const session = new URL(((await started.json()) as { url: string }).url).searchParams.get('session');
    await expectOk(await post(`/api/payments/test-checkout/${session}/${action}`, {}, cookie), `checkout ${action}`);
  };
  for (const serviceId of cancelled) await checkout(serviceId, 'cancel');
  for (const serviceId of paid) await checkout(serviceId, 'pay');
}

/** Signs the browser context in (its cookies then carry the session to every page). */
export async function signIn(context: BrowserContext, account: Account) {
  const response = await context.request.post('/api/account/sign-in', { data: { email: account.email, password: account.password } });
  if (!response.ok()) throw new Error(`sign-in of ${account.email}: ${response.status()}`);
}

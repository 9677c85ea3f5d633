import { execFileSync } from 'node:child_process';
import { createECDH, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationKinds, type NotificationPreferences } from '#common/notifications/notifications.contract.ts';
import { notificationOptOuts, pushMessages, pushSubscriptions } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { stillWorker } from '#server/test/clock.ts';

type Received = { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer };

/**
 * A push service on this machine, over TLS as web-push requires: it keeps what arrives and answers
 * 201, or 410 for an address under /gone/ (a subscription its browser dropped).
 */
async function startPushService() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-service-'));
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost'], { stdio: 'ignore' });
  const received: Received[] = [];
  const server = https.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(request.url?.startsWith('/gone/') ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The app's outgoing requests trust this service's certificate (web-push uses the global agent).
  https.globalAgent.options.ca = fs.readFileSync(cert);
  return {
    url: `https://localhost:${(server.address() as AddressInfo).port}`,
    received,
    close: async () => {
      delete https.globalAgent.options.ca;
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret, and the decryption of RFC 8291's aes128gcm payload. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
    decrypt: (body: Buffer) => {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const serverKey = body.subarray(21, 21 + idLength);
      const cipherText = body.subarray(21 + idLength);
      const info = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
      const ikm = Buffer.from(hkdfSync('sha256', ecdh.computeSecret(serverKey), authSecret, info, 32));
      const contentKey = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
      decipher.setAuthTag(cipherText.subarray(-16));
      const padded = Buffer.concat([decipher.update(cipherText.subarray(0, -16)), decipher.final()]);
      // The last record ends with the delimiter 2, then any zero padding.
      return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
    },
  };
}

const allOn = Object.fromEntries(notificationKinds.map((kind) => [kind, { email: true, push: true }])) as NotificationPreferences;

describe('notifications: the browser notifications (Web Push)', () => {
  let t: TestApp;
  let service: Awaited<ReturnType<typeof startPushService>>;
  let client: TestAccount;
  let other: TestAccount;

  const as = (account: TestAccount | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: account ? { cookie: account.cookie } : {}, ...(payload ? { payload } : {}) });
  const notify = (account: TestAccount) =>
    t.app.outbox.enqueueNotice(t.database.db, { userId: account.user.id, language: 'en', kinds: ['replies'] }, () => ({
      to: account.user.email,
      subject: 'We have answered your message',
      text: `Hello\n\nOpen your case\n${t.app.config.appUrl}/en/panel?case=EXP-0001\n`,
      html: '<!doctype html><html><body><div>x</div></body></html>',
    }));

  beforeAll(async () => {
    service = await startPushService();
    // The local push service stands for the browsers' (PUSH_SERVICE_HOSTS): no other address is posted to.
    t = await createTestApp({ worker: stillWorker(), env: { PUSH_SERVICE_HOSTS: 'localhost' } });
    client = await createAccount(t, { firstName: 'Amina', lastName: 'Diallo' });
    other = await createAccount(t);
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });
  beforeEach(async () => {
    await t.database.db.delete(pushSubscriptions);
    await t.database.db.delete(pushMessages);
    await t.database.db.delete(notificationOptOuts);
    service.received.length = 0;
  });

  it('keeps the server VAPID key pair in DATA_DIR and gives its public half to a signed-in person only', async () => {
    const stored = JSON.parse(fs.readFileSync(path.join(t.app.config.dataDir, 'vapid-keys.json'), 'utf8')) as { publicKey: string };
    expect((await as(client, 'GET', '/api/notifications/push/key')).json()).toEqual({ publicKey: stored.publicKey });
    expect((await as(undefined, 'GET', '/api/notifications/push/key')).statusCode).toBe(401);
  });

  it('delivers a notice the client wants by push to their browser, encrypted, with the VAPID Authorization header', async () => {
    const browser = browserKeys();
    const subscribed = await as(client, 'POST', '/api/notifications/push/subscriptions', { endpoint: `${service.url}/push/browser-1`, keys: browser.keys });
    expect(subscribed.statusCode, subscribed.body).toBe(204);

    await notify(client);
    await t.app.worker.kick();

    expect(service.received).toHaveLength(1);
    const [push] = service.received;
    const { publicKey } = (await as(client, 'GET', '/api/notifications/push/key')).json<{ publicKey: string }>();
    expect(push?.path).toBe('/push/browser-1');
    expect(push?.headers['content-encoding']).toBe('aes128gcm');
    expect(push?.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
    expect(push?.headers.ttl).toBe(String(24 * 60 * 60));
    expect(JSON.parse(browser.decrypt(push?.body ?? Buffer.alloc(0)))).toEqual({
      title: 'We have answered your message',
      body: expect.any(String),
      url: `${t.app.config.appUrl}/en/panel?case=EXP-0001`,
    });
    expect(await t.database.db.select().from(pushMessages)).toHaveLength(0);
  });

  it('sends nothing by push for a kind turned off on that channel, or to an account without a browser', async () => {
    await as(client, 'POST', '/api/notifications/push/subscriptions', { endpoint: `${service.url}/push/browser-2`, keys: browserKeys().keys });
    const saved = await as(client, 'PUT', '/api/notifications/preferences', { ...allOn, replies: { email: true, push: false } });
    expect(saved.json()).toMatchObject({ replies: { email: true, push: false } });
    await notify(client);
    await notify(other);
    await t.app.worker.kick();
    expect(service.received).toHaveLength(0);
    expect(await t.database.db.select().from(pushMessages)).toHaveLength(0);
  });

  it('forgets a browser its push service answers 410 for', async () => {
    await as(client, 'POST', '/api/notifications/push/subscriptions', { endpoint: `${service.url}/gone/browser-3`, keys: browserKeys().keys });
    await as(client, 'POST', '/api/notifications/push/subscriptions', { endpoint: `${service.url}/push/browser-4`, keys: browserKeys().keys });
    await notify(client);
    await t.app.worker.kick();
    expect(service.received.map((push) => push.path).sort()).toEqual(['/gone/browser-3', '/push/browser-4']);
    expect((await t.database.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions)).map((row) => row.endpoint)).toEqual([`${service.url}/push/browser-4`]);
  });

  it('needs a session and a well-formed subscription; a person forgets only their own browser', async () => {
    const endpoint = `${service.url}/push/browser-5`;
    expect((await as(undefined, 'POST', '/api/notifications/push/subscriptions', { endpoint, keys: browserKeys().keys })).statusCode).toBe(401);
    expect((await as(client, 'POST', '/api/notifications/push/subscriptions', { endpoint: 'javascript:alert(1)', keys: browserKeys().keys })).statusCode).toBe(400);
    // The server posts to a subscription's address: never one inside the network, nor the cloud's metadata service, nor in clear.
    for (const address of ['https://169.254.169.254/latest/meta-data', 'https://10.0.0.5/push', 'https://fcm.googleapis.com.evil.example/push', `http://localhost:${new URL(service.url).port}/push/browser-6`]) {
      const refused = await as(client, 'POST', '/api/notifications/push/subscriptions', { endpoint: address, keys: browserKeys().keys });
      expect(refused.statusCode, address).toBe(400);
    }
    expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, 'https://10.0.0.5/push'))).toEqual([]);
    expect((await as(client, 'POST', '/api/notifications/push/subscriptions', { endpoint, keys: { p256dh: '' } })).statusCode).toBe(400);
    expect((await as(client, 'POST', '/api/notifications/push/subscriptions', { endpoint, keys: browserKeys().keys })).statusCode).toBe(204);

    expect((await as(other, 'POST', '/api/notifications/push/unsubscribe', { endpoint })).statusCode).toBe(204);
    expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toHaveLength(1);
    expect((await as(undefined, 'POST', '/api/notifications/push/unsubscribe', { endpoint })).statusCode).toBe(401);
    expect((await as(client, 'POST', '/api/notifications/push/unsubscribe', { endpoint })).statusCode).toBe(204);
    expect(await t.database.db.select().from(pushSubscriptions)).toHaveLength(0);
  });
});

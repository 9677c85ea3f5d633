import fs from 'node:fs';
import path from 'node:path';
import webPush from 'web-push';
import type { AppConfig } from './env.ts';

export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * The server's VAPID key pair (RFC 8292), which signs every push: generated on first start and kept
 * in DATA_DIR, as the auth secret (secret.ts), so that the browsers' subscriptions, made with its
 * public half, survive restarts. Lose the file and every browser must subscribe again.
 */
export function resolveVapidKeys(config: Pick<AppConfig, 'dataDir'>): VapidKeys {
  const file = path.join(config.dataDir, 'vapid-keys.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys;
  fs.mkdirSync(config.dataDir, { recursive: true });
  const { publicKey, privateKey } = webPush.generateVAPIDKeys();
  fs.writeFileSync(file, JSON.stringify({ publicKey, privateKey }), { mode: 0o600 });
  return { publicKey, privateKey };
}

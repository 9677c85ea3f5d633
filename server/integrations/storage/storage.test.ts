import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config/env.ts';
import { createLocalStorage } from './local-storage.ts';
import { StorageNotFoundError } from './storage.ts';

describe('local storage', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-test-'));
  const storage = createLocalStorage(dataDir);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('writes, reads and removes a file under DATA_DIR/uploads', async () => {
    await storage.put('translation-requests/2026/11/abc-123.pdf', Readable.from([Buffer.from('%PDF-1.7 hola')]), 'application/pdf');
    expect(fs.readFileSync(path.join(dataDir, 'uploads/translation-requests/2026/11/abc-123.pdf'), 'utf8')).toBe('%PDF-1.7 hola');
    expect(await text(await storage.read('translation-requests/2026/11/abc-123.pdf'))).toBe('%PDF-1.7 hola');
    await storage.remove('translation-requests/2026/11/abc-123.pdf');
    await storage.remove('translation-requests/2026/11/abc-123.pdf');
    await expect(storage.read('translation-requests/2026/11/abc-123.pdf')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('leaves nothing behind when the stream fails', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put('uploads-test/broken.pdf', failing, 'application/pdf')).rejects.toThrow('client went away');
    expect(fs.readdirSync(path.join(dataDir, 'uploads/uploads-test'))).toEqual([]);
  });

  it.each(['../escape.pdf', 'a/../../escape.pdf', '/etc/passwd', 'Nombre Cliente.pdf', 'a//b.pdf', 'no-extension'])(
    'refuses the key %s',
    async (key) => {
      await expect(storage.put(key, Readable.from([]), 'application/pdf')).rejects.toThrow('invalid storage key');
      await expect(storage.read(key)).rejects.toThrow('invalid storage key');
    },
  );
});

describe('storage configuration', () => {
  it('uses the local disk unless S3_BUCKET is set', () => {
    expect(loadConfig({}).storage.s3).toBeUndefined();
    expect(
      loadConfig({
        S3_BUCKET: 'asesoria',
        S3_ENDPOINT: 'https://s3.example.com',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).storage.s3,
    ).toEqual({
      bucket: 'asesoria',
      endpoint: 'https://s3.example.com',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
  });

  it.each([
    [{ S3_ENDPOINT: 'https://s3.example.com' }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'b', S3_ENDPOINT: 'not a url' }, 'S3_ENDPOINT'],
  ])('refuses %o with one line naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });
});

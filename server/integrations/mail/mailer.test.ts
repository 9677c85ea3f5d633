import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/env.ts';
import { startMailCapture } from '#server/test/mail-capture.ts';
import { renderMail } from './layout.ts';
import { createMailer } from './mailer.ts';

const log = pino({ level: 'silent' });
const content = renderMail(
  {
    greeting: 'Hola, Ana:',
    paragraphs: ['Confirma tu cuenta <ahora>.'],
    action: { label: 'Confirmar', url: 'http://localhost:3000/confirmar?token=abc' },
    signature: 'Un saludo',
  },
  loadConfig({}).firm,
);

describe('mailer', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-test-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('writes an .eml file to DATA_DIR/mail when no SMTP_URL is set', async () => {
    const mailer = createMailer(loadConfig({ DATA_DIR: dataDir }), log);
    await mailer.send({ to: 'ana@example.com', subject: 'Confirma tu cuenta', ...content });
    const files = fs.readdirSync(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(dataDir, 'mail', files[0] ?? ''), 'utf8');
    expect(eml).toContain('To: ana@example.com');
    expect(eml).toContain('Content-Type: text/plain');
    expect(eml).toContain('Content-Type: text/html');
    expect(fs.statSync(path.join(dataDir, 'mail', files[0] ?? '')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(dataDir, 'mail')).mode & 0o777).toBe(0o700);
  });

  it('logs a mail written to the outbox by its subject, masked recipient and file, never its links', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const mailer = createMailer(loadConfig({ DATA_DIR: dataDir }), pino({ level: 'info' }, stream));
    await mailer.send({ to: 'ana.lopez@example.com', subject: 'Confirma tu cuenta', ...content });
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
    expect(line).toMatchObject({ level: 30, msg: 'mail written to the outbox', to: 'a***@e***.com', subject: 'Confirma tu cuenta', file: expect.stringContaining(path.join(dataDir, 'mail')) });
    expect(Object.keys(line).sort()).toEqual(['file', 'hostname', 'level', 'msg', 'pid', 'subject', 'time', 'to']);
    expect(lines[0]).not.toContain('token=abc');
    expect(lines[0]).not.toContain('ana.lopez');
  });

  it('sends over SMTP_URL with a plain-text part holding the full link and an escaped HTML part', async () => {
    const capture = await startMailCapture();
    try {
      const mailer = createMailer(loadConfig({ DATA_DIR: dataDir, SMTP_URL: capture.url }), log);
      await mailer.send({ to: 'ana@example.com', subject: 'Confirma tu cuenta', ...content });
      const mail = await capture.waitFor('ana@example.com');
      expect(mail.subject).toBe('Confirma tu cuenta');
      expect(mail.text).toContain('Confirmar\nhttp://localhost:3000/confirmar?token=abc');
      expect(mail.html).toContain('href="http://localhost:3000/confirmar?token=abc"');
      expect(mail.html).toContain('&lt;ahora&gt;');
    } finally {
      await capture.close();
    }
  });

  it('sends the attachments with their names, types and bytes', async () => {
    const capture = await startMailCapture();
    try {
      const mailer = createMailer(loadConfig({ DATA_DIR: dataDir, SMTP_URL: capture.url }), log);
      const invitation = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
      const attachments = [{ filename: 'cita.ics', contentType: 'text/calendar', contentBase64: Buffer.from(invitation).toString('base64') }];
      await mailer.send({ to: 'luis@example.com', subject: 'Tu cita', ...content, attachments });
      const mail = await capture.waitFor('luis@example.com');
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments[0]).toMatchObject({ filename: 'cita.ics', mimeType: 'text/calendar' });
      // The capture's MIME parser hands text parts back with bare line feeds.
      expect(mail.attachments[0]?.content.toString('utf8')).toBe(invitation.replaceAll('\r\n', '\n'));
    } finally {
      await capture.close();
    }
  });
});

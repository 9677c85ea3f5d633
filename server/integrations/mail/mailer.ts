import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { maskEmail } from '#common/mail/masked-email.ts';
import type { AppConfig } from '#server/config/env.ts';

export type MailMessage = {
  to: string;
  subject: string;
  /** The plain-text part; every link in it is a full URL on APP_URL. */
  text: string;
  html: string;
  replyTo?: string;
  /** Files sent with the mail: a calendar invitation (.ics), an invoice. Base64 content, kept as it is in the outbox. */
  attachments?: MailAttachment[];
  /** Headers beyond the usual, such as RFC 8058's List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
};

export type MailAttachment = { filename: string; contentType: string; contentBase64: string };

/** Nodemailer's form of the attachments. */
const toTransport = ({ attachments, ...message }: MailMessage) => ({
  ...message,
  attachments: attachments?.map(({ filename, contentType, contentBase64 }) => ({ filename, contentType, content: contentBase64, encoding: 'base64', contentTransferEncoding: 'base64' as const })),
});

export type Mailer = { send: (message: MailMessage) => Promise<void> };

/**
 * Real mail over SMTP_URL; without it, each message becomes an .eml file under DATA_DIR/mail, so a
 * laptop keeps every mail the product sends. The log names the file, the subject and the recipient
 * masked: never the links, which open accounts (confirmation, reset, quotes), nor the address.
 */
export function createMailer(config: Pick<AppConfig, 'mail' | 'dataDir'>, log: FastifyBaseLogger): Mailer {
  if (config.mail.smtpUrl) {
    // Short enough that a mail is settled well within its claim in the outbox (features/mail).
    const transport = nodemailer.createTransport({ url: config.mail.smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 });
    return {
      send: async (message) => {
        await transport.sendMail({ from: config.mail.from, ...toTransport(message) });
      },
    };
  }

  const outbox = path.join(config.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (message) => {
      const info = await transport.sendMail({ from: config.mail.from, ...toTransport(message) });
      // Mails hold people's names, addresses and sign-in links: only the server's own user reads them.
      await fs.mkdir(outbox, { recursive: true, mode: 0o700 });
      const file = path.join(outbox, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ to: maskEmail(message.to), subject: message.subject, file }, 'mail written to the outbox');
    },
  };
}

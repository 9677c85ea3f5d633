import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

type CapturedAttachment = { filename: string | null; mimeType: string; content: Buffer };
type CapturedMail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  attachments: CapturedAttachment[];
  /** Every header, by its lower-case name. */
  headers: Record<string, string>;
};

export type MailCapture = {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  messages: CapturedMail[];
  /** Waits for the first message to `to` (and matching `subject` when given) that arrives. */
  waitFor: (to: string, subject?: RegExp, timeoutMs?: number) => Promise<CapturedMail>;
  close: () => Promise<void>;
};

/**
 * A real SMTP server that keeps every message it receives, for tests that read mail as a person
 * would. Given the `port` of one closed earlier, it is that server coming back.
 */
export async function startMailCapture(port = 0): Promise<MailCapture> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks)).then(
          (email) => {
            messages.push({
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              from: email.from?.address ?? '',
              subject: email.subject ?? '',
              text: email.text ?? '',
              html: email.html ?? '',
              headers: Object.fromEntries(email.headers.map((header) => [header.key.toLowerCase(), header.value])),
              attachments: email.attachments.map((file) => ({
                filename: file.filename,
                mimeType: file.mimeType,
                content: typeof file.content === 'string' ? Buffer.from(file.content) : Buffer.from(new Uint8Array(file.content)),
              })),
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as { port: number };

  const find = (to: string, subject?: RegExp) =>
    messages.find((m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)));

  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    waitFor: async (to, subject, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = find(to, subject);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no mail to ${to}${subject ? ` matching ${subject}` : ''}; got: ${messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join(' | ')}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import fs from 'node:fs';
import path from 'node:path';
import type { TestAccount } from './accounts.ts';
import type { TestApp } from './app.ts';
import { createPaidCase, createPaidExpressConsultation } from './factories.ts';
import { multipartBody, sampleFiles, type FormPart } from './multipart.ts';

let ip = 0;
/** Each public form from its own address, so their per-IP limits never get in the way. */
const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;

export type PersonalData = {
  caseId: number;
  consultationId: string;
  /** What was uploaded, by name, and its bytes: a case document, an express consultation's attachment, a translation request's document. */
  files: { caseDocument: { name: string; content: Buffer }; attachment: { name: string; content: Buffer }; translationDocument: { name: string; content: Buffer } };
  texts: { caseMessage: string; stageNote: string; question: string; contactMessage: string; chatMessage: string; translationComment: string };
};

/**
 * Gives an account something of everything the site keeps about a person, each through its real
 * route: a paid case with a document, a message and a stage the firm (`admin`) moved it to with a
 * note naming the client, a paid express consultation with a question and
 * its file, a contact request and a translation request with a document sent from the public forms
 * with the account's e-mail, and a chat message. `tag` makes every text and file name its own.
 */
export async function givePersonalData(t: TestApp, account: TestAccount, admin: TestAccount, tag: string): Promise<PersonalData> {
  const headers = { cookie: account.cookie };
  const expectCreated = (response: { statusCode: number; body: string }, what: string) => {
    if (response.statusCode !== 201) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  };
  const multipart = (url: string, parts: FormPart[], extra: Record<string, string> = {}) => {
    const body = multipartBody(parts);
    return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...extra }, remoteAddress: nextIp() });
  };
  const name = `${account.user.firstName} ${account.user.lastName}`;
  const files = {
    caseDocument: { name: `pasaporte-${tag}.pdf`, content: Buffer.concat([sampleFiles.pdf(), Buffer.from(`case ${tag}`)]) },
    attachment: { name: `nomina-${tag}.pdf`, content: Buffer.concat([sampleFiles.pdf(), Buffer.from(`consultation ${tag}`)]) },
    translationDocument: { name: `acta-${tag}.pdf`, content: Buffer.concat([sampleFiles.pdf(), Buffer.from(`translation ${tag}`)]) },
  };
  const texts = {
    caseMessage: `Adjunto mi pasaporte (${tag}).`,
    stageNote: `Revisamos el pasaporte de ${name} (${tag}).`,
    question: `¿Puedo viajar mientras se tramita? (${tag})`,
    contactMessage: `Quiero renovar mi tarjeta (${tag}).`,
    chatMessage: `Hola, ¿abrís el sábado? (${tag})`,
    translationComment: `Acta de nacimiento (${tag}).`,
  };

  const caseId = await createPaidCase(t.app, account);
  expectCreated(
    await multipart(`/api/cases/${caseId}/documents`, [{ name: 'document', filename: files.caseDocument.name, content: files.caseDocument.content }], headers),
    'case document',
  );
  expectCreated(await t.app.inject({ method: 'POST', url: `/api/cases/${caseId}/messages`, headers, payload: { body: texts.caseMessage } }), 'case message');
  const moved = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/cases/${caseId}/stage`,
    headers: { cookie: admin.cookie },
    payload: { stage: 'reviewing_documents', note: texts.stageNote },
  });
  if (moved.statusCode !== 200) throw new Error(`stage change: ${moved.statusCode} ${moved.body}`);

  const consultationId = await createPaidExpressConsultation(t.app, account);
  expectCreated(
    await multipart(
      `/api/consultations/${consultationId}/messages`,
      [
        { name: 'body', value: texts.question },
        { name: 'attachments', filename: files.attachment.name, content: files.attachment.content },
      ],
      headers,
    ),
    'consultation question',
  );

  expectCreated(
    await t.app.inject({
      method: 'POST',
      url: '/api/contact-requests',
      remoteAddress: nextIp(),
      payload: { name, email: account.user.email, phone: '+34 600 12 34 56', subject: 'extranjeria', message: texts.contactMessage, privacy: true },
    }),
    'contact request',
  );
  expectCreated(
    await multipart('/api/translation-requests', [
      ...Object.entries({ name, email: account.user.email, phone: '+34600123456', sourceLanguage: 'fr', targetLanguage: 'es', text: texts.translationComment, privacy: 'true' }).map(
        ([field, value]) => ({ name: field, value }),
      ),
      { name: 'documents', filename: files.translationDocument.name, content: files.translationDocument.content },
    ]),
    'translation request',
  );
  expectCreated(
    await t.app.inject({ method: 'POST', url: '/api/chat/messages', headers, remoteAddress: nextIp(), payload: { name, email: account.user.email, message: texts.chatMessage } }),
    'chat message',
  );
  return { caseId, consultationId, files, texts };
}

/** Every file under the app's local uploads folder, with its bytes. */
export function storedFiles(t: TestApp): Buffer[] {
  const dir = path.join(t.app.config.dataDir, 'uploads');
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((file) => path.join(dir, file))
    .filter((file) => fs.statSync(file).isFile())
    .map((file) => fs.readFileSync(file));
}

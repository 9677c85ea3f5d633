import type { Locator, Page } from 'playwright-core';

/**
 * A checkout's body as a client's browser sends it after reading and accepting the engagement letter:
 * the letter of this checkout is asked for over HTTP (with the fields that price it) and accepted,
 * with the early-start request (server/test/engagement.ts is the same for the API tests).
 */
export async function withAcceptedLetter<Body extends { service: { id: string }; quoteId?: string }>(baseUrl: string, cookie: string, body: Body) {
  const response = await fetch(`${baseUrl}/api/engagements/letter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ service: body.service, quoteId: body.quoteId }),
  });
  if (!response.ok) throw new Error(`engagement letter: ${response.status} ${await response.text()}`);
  const { version, textSha256 } = (await response.json()) as { version: number; textSha256: string };
  return { ...body, engagement: { version, textSha256, isAccepted: true, isEarlyStartRequested: true } };
}

/** The letter's dialog as a Spanish, an English and a French client read it. */
const letterTexts = {
  es: { title: 'Hoja de encargo', accept: 'He leído la hoja de encargo y la acepto.', earlyStart: /^Pido que empecéis a trabajar ya/, continue: 'Aceptar y continuar' },
  en: { title: 'Engagement letter', accept: 'I have read the engagement letter and I accept it.', earlyStart: /^I ask you to start working now/, continue: 'Accept and continue' },
  fr: { title: 'Lettre de mission', accept: "J'ai lu la lettre de mission et je l'accepte.", earlyStart: /^Je vous demande de commencer dès maintenant/, continue: 'Accepter et continuer' },
};

/**
 * Reads and accepts the engagement letter a hire opens, as a person does: the letter is there, the
 * acceptance ticked and, unless told otherwise, the request to start within the 14 days; then on.
 * Answers the letter's dialog, for a test that reads it.
 */
export async function acceptEngagementLetter(
  page: Page,
  { isEarlyStartRequested = true, language = 'es' }: { isEarlyStartRequested?: boolean; language?: keyof typeof letterTexts } = {},
): Promise<Locator> {
  const texts = letterTexts[language];
  const dialog = page.getByRole('dialog', { name: texts.title });
  await dialog.getByRole('region', { name: texts.title }).getByRole('heading', { level: 1 }).waitFor();
  await dialog.getByRole('checkbox', { name: texts.accept }).check();
  if (isEarlyStartRequested) await dialog.getByRole('checkbox', { name: texts.earlyStart }).check();
  await dialog.getByRole('button', { name: texts.continue }).click();
  return dialog;
}

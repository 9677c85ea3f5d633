import type { FastifyInstance } from 'fastify';

/** A letter no checkout has: what a checkout that fails before its letter is read (a service not offered, a quote not sent) carries. */
const unreadLetter = { version: 0, textSha256: '0'.repeat(64) };

/**
 * A checkout's payload as a client sends it after reading the engagement letter: the letter of this
 * checkout is asked for (with the fields that price it) and accepted, with the early-start request
 * unless told otherwise. A checkout whose letter cannot be read (it would fail before its letter is
 * checked) carries an acceptance of no letter, so the test sees the checkout's own answer.
 */
export async function acceptingLetter<Payload extends { service?: { id: string }; quoteId?: string; familyMembers?: unknown; billing?: unknown }>(
  app: FastifyInstance,
  headers: Record<string, string>,
  payload: Payload,
  { isEarlyStartRequested = true }: { isEarlyStartRequested?: boolean } = {},
): Promise<Payload & { engagement: { version: number; textSha256: string; isAccepted: true; isEarlyStartRequested: boolean } }> {
  const { service, quoteId, familyMembers, billing } = payload;
  const letter = await app.inject({ method: 'POST', url: '/api/engagements/letter', headers, payload: { service, quoteId, familyMembers, billing } });
  const read = letter.statusCode === 200 ? letter.json<{ version: number; textSha256: string }>() : unreadLetter;
  return { ...payload, engagement: { version: read.version, textSha256: read.textSha256, isAccepted: true, isEarlyStartRequested } };
}

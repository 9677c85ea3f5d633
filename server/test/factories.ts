import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ArticleTexts } from '#common/news/news.contract.ts';
import type { Db } from '#server/db/client.ts';
import { payments } from '#server/db/schema/index.ts';
import { insertNews } from '#server/features/news/news.repository.ts';
import { publicContentChanged } from '#server/features/pages/public-content.service.ts';
import type { TestAccount } from './accounts.ts';
import type { TestApp } from './app.ts';
import { acceptingLetter } from './engagement.ts';

let sequence = 0;

/** A published article (the public pages show it from the next request on); `title` and `content` are its Spanish version, `en` and `fr` its others when given. */
export function createNews(
  db: Db,
  overrides: { title?: string; content?: string; createdAt?: Date; en?: ArticleTexts; fr?: ArticleTexts } = {},
) {
  sequence += 1;
  return db.transaction(async (tx) => {
    const row = await insertNews(tx, {
    texts: {
      es: { title: overrides.title ?? `Noticia ${sequence}`, content: overrides.content ?? `Contenido de la noticia ${sequence}.` },
      en: overrides.en,
      fr: overrides.fr,
    },
    createdAt: overrides.createdAt ?? new Date(Date.UTC(2026, 0, sequence)),
    });
    await publicContentChanged({ db: tx });
    return row;
  });
}

/**
 * Hires a service the way a client does: reads and accepts the engagement letter, checkout (with any
 * other field the checkout takes, such as a billing party), then 'Pagar' on the test provider. Answers the checkout's session.
 */
async function payFor(app: FastifyInstance, account: TestAccount, serviceId: string, extra: Record<string, unknown> = {}): Promise<string> {
  const headers = { cookie: account.cookie };
  const payload = await acceptingLetter(app, headers, { service: { id: serviceId }, user: account.user, ...extra });
  const checkout = await app.inject({ method: 'POST', url: '/api/payments/checkout', headers, payload });
  if (checkout.statusCode !== 200) throw new Error(`the checkout of ${serviceId} failed: ${checkout.statusCode} ${checkout.body}`);
  const session = new URL(checkout.json<{ url: string }>().url).searchParams.get('session') ?? '';
  const paid = await app.inject({ method: 'POST', url: `/api/payments/test-checkout/${session}/pay`, headers });
  if (paid.statusCode >= 300) throw new Error(`paying ${serviceId} failed: ${paid.statusCode} ${paid.body}`);
  return session;
}

/** A service paid the way a client pays it (payFor). Answers the payment's row. */
export async function createPaidPayment(t: TestApp, account: TestAccount, serviceId: string, extra: Record<string, unknown> = {}) {
  const session = await payFor(t.app, account, serviceId, extra);
  const [payment] = await t.database.db.select().from(payments).where(eq(payments.providerSessionId, session));
  if (!payment) throw new Error(`no payment for ${serviceId}`);
  return payment;
}

/** A case opened the way a client opens one: checkout, then 'Pagar' on the test provider. Answers its id. */
export async function createPaidCase(app: FastifyInstance, account: TestAccount, serviceId = 'arraigo'): Promise<number> {
  const headers = { cookie: account.cookie };
  await payFor(app, account, serviceId);
  const cases = (await app.inject({ url: '/api/cases', headers })).json<Array<{ id: number; serviceId: string | null }>>();
  return Math.max(...cases.filter((item) => item.serviceId === serviceId).map((item) => item.id));
}

/** An express consultation hired the way a client hires one: checkout, then 'Pagar' on the test provider. Answers its id (the newest). */
export async function createPaidExpressConsultation(app: FastifyInstance, account: TestAccount): Promise<string> {
  await payFor(app, account, 'express');
  const consultations = (await app.inject({ url: '/api/consultations', headers: { cookie: account.cookie } })).json<Array<{ id: string; type: string }>>();
  const newest = consultations.find((item) => item.type === 'express');
  if (!newest) throw new Error('no express consultation after paying');
  return newest.id;
}

import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { insertNews } from '#server/features/news/news.repository.ts';
import type { TestAccount } from './accounts.ts';

let sequence = 0;

export function createNews(db: Db, overrides: { title?: string; content?: string; createdAt?: Date } = {}) {
  sequence += 1;
  return insertNews(db, {
    title: overrides.title ?? `Noticia ${sequence}`,
    content: overrides.content ?? `Contenido de la noticia ${sequence}.`,
    createdAt: overrides.createdAt ?? new Date(Date.UTC(2026, 0, sequence)),
  });
}

/** A case opened the way a client opens one: checkout, then 'Pagar' on the test provider. Answers its id. */
export async function createPaidCase(app: FastifyInstance, account: TestAccount, serviceId = 'arraigo'): Promise<number> {
  const headers = { cookie: account.cookie };
  const checkout = await app.inject({ method: 'POST', url: '/api/payments/checkout', headers, payload: { service: { id: serviceId }, user: account.user } });
  const session = new URL(checkout.json<{ url: string }>().url).searchParams.get('session');
  const paid = await app.inject({ method: 'POST', url: `/api/payments/test-checkout/${session}/pay`, headers });
  if (paid.statusCode >= 300) throw new Error(`paying the case failed: ${paid.statusCode} ${paid.body}`);
  const cases = (await app.inject({ url: '/api/cases', headers })).json<Array<{ id: number; serviceId: string | null }>>();
  return Math.max(...cases.filter((item) => item.serviceId === serviceId).map((item) => item.id));
}

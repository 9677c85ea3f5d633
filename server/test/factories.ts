import type { Db } from '#server/db/client.ts';
import { insertNews } from '#server/features/news/news.repository.ts';

let sequence = 0;

export function createNews(db: Db, overrides: { title?: string; content?: string; createdAt?: Date } = {}) {
  sequence += 1;
  return insertNews(db, {
    title: overrides.title ?? `Noticia ${sequence}`,
    content: overrides.content ?? `Contenido de la noticia ${sequence}.`,
    createdAt: overrides.createdAt ?? new Date(Date.UTC(2026, 0, sequence)),
  });
}

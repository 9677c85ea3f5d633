import { eq } from 'drizzle-orm';
import type { Language } from '#common/i18n/languages.ts';
import type { Db } from '#server/db/client.ts';
import { sessions, users } from '#server/db/schema/index.ts';

export async function rememberLanguage(db: Db, userId: string, language: Language): Promise<void> {
  await db.update(users).set({ language }).where(eq(users.id, userId));
}

export async function deleteSessionByToken(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.token, token));
}

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsTranslations } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';

describe('the Noticias tab writes an article in each language', () => {
  let t: TestApp;
  let admin: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAccount(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  const write = (method: 'POST' | 'PUT', url: string, payload: object, language = 'es') =>
    t.app.inject({ method, url, payload, headers: { cookie: admin.cookie, 'accept-language': language } });
  const stored = async (id: string) =>
    (await t.database.db.select().from(newsTranslations).where(eq(newsTranslations.newsId, id)))
      .map(({ language, title }) => ({ language, title }))
      .sort((a, b) => a.language.localeCompare(b.language));

  const es = { title: 'Nueva ley', content: 'Texto en español.' };
  const en = { title: 'New law', content: 'English text.' };
  const fr = { title: 'Nouvelle loi', content: 'Texte français.' };
  const publishedAt = '2026-02-01T09:00:00.000Z';

  it('creates an article in Spanish and English; a French version left blank is none', async () => {
    const created = await write('POST', '/api/admin/news', { texts: { es, en, fr: { title: ' ', content: '' } }, publishedAt });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(String), texts: { es, en }, createdAt: publishedAt });
    expect(await stored(created.json().id)).toEqual([
      { language: 'en', title: 'New law' },
      { language: 'es', title: 'Nueva ley' },
    ]);
    const french = await t.app.inject({ url: `/api/news/${created.json().id}?lang=fr` });
    expect(french.json()).toMatchObject({ language: 'es', languages: ['es', 'en'], title: 'Nueva ley' });
  });

  it('edits an article: adds French, drops English, and the list shows every version', async () => {
    const id = (await write('POST', '/api/admin/news', { texts: { es, en }, publishedAt })).json().id;
    const edited = await write('PUT', `/api/admin/news/${id}`, { texts: { es: { ...es, title: 'Ley revisada' }, fr }, publishedAt });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({ id, texts: { es: { ...es, title: 'Ley revisada' }, fr }, createdAt: publishedAt });
    expect(await stored(id)).toEqual([
      { language: 'es', title: 'Ley revisada' },
      { language: 'fr', title: 'Nouvelle loi' },
    ]);
    const page = await t.app.inject({ url: '/api/admin/news?q=nouvelle', headers: { cookie: admin.cookie } });
    expect(page.json().items).toEqual([{ id, texts: { es: { ...es, title: 'Ley revisada' }, fr }, createdAt: publishedAt }]);
    expect((await t.app.inject({ url: `/api/news/${id}?lang=en` })).json()).toMatchObject({ language: 'es', title: 'Ley revisada' });
  });

  it('neutralises HTML in every language', async () => {
    const created = await write('POST', '/api/admin/news', { texts: { es, en: { title: 'Law', content: 'Text <script>alert(1)</script>' } }, publishedAt });
    expect(created.json().texts.en.content).toBe('Text &lt;script>alert(1)&lt;/script>');
  });

  it.each([
    ['es', 'Este campo es obligatorio'],
    ['en', 'This field is required'],
    ['fr', 'Ce champ est obligatoire'],
  ])('refuses an article without Spanish, in %s, and writes nothing', async (language, required) => {
    const before = await t.database.db.select().from(newsTranslations);
    const response = await write('POST', '/api/admin/news', { texts: { es: { title: '', content: '' }, en }, publishedAt }, language);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      { path: 'texts.es.title', message: required },
      { path: 'texts.es.content', message: required },
    ]);
    expect(await t.database.db.select().from(newsTranslations)).toHaveLength(before.length);
  });

  it('refuses a half-written English version, naming the missing field', async () => {
    const response = await write('POST', '/api/admin/news', { texts: { es, en: { title: 'New law', content: '  ' } }, publishedAt }, 'en');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation', issues: [{ path: 'texts.en.content', message: 'This field is required' }] });
  });

  it('refuses a title over 200 characters in French, translated', async () => {
    const response = await write('POST', '/api/admin/news', { texts: { es, fr: { title: 'x'.repeat(201), content: 'Texte.' } }, publishedAt }, 'fr');
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path: 'texts.fr.title', message: 'Le texte est trop long.' }]);
  });
});

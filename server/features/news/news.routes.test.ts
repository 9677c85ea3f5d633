import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { createNews } from '#server/test/factories.ts';

describe('news API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers an empty list before any article exists', async () => {
    const response = await t.app.inject({ url: '/api/news' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('lists articles newest first and honours the limit', async () => {
    await createNews(t.database.db, { title: 'Primera', createdAt: new Date('2026-01-01T10:00:00Z') });
    await createNews(t.database.db, { title: 'Tercera', createdAt: new Date('2026-03-01T10:00:00Z') });
    await createNews(t.database.db, { title: 'Segunda', createdAt: new Date('2026-02-01T10:00:00Z') });
    await createNews(t.database.db, { title: 'Cuarta', createdAt: new Date('2026-04-01T10:00:00Z') });

    const all = await t.app.inject({ url: '/api/news' });
    expect(all.json().map((a: { title: string }) => a.title)).toEqual(['Cuarta', 'Tercera', 'Segunda', 'Primera']);

    const home = await t.app.inject({ url: '/api/news?limit=3' });
    const titles = home.json().map((a: { title: string }) => a.title);
    expect(titles).toEqual(['Cuarta', 'Tercera', 'Segunda']);
    expect(home.json()[0]).toEqual({
      id: expect.any(String),
      language: 'es',
      languages: ['es'],
      title: 'Cuarta',
      content: expect.any(String),
      createdAt: '2026-04-01T10:00:00.000Z',
    });
  });

  it('answers one article by id', async () => {
    const article = await createNews(t.database.db, { title: 'Nueva ley de extranjería', content: 'Texto **completo**.' });
    const response = await t.app.inject({ url: `/api/news/${article.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: article.id, title: 'Nueva ley de extranjería', content: 'Texto **completo**.' });
  });

  describe('in the site\'s language', () => {
    const en = { title: 'New immigration law', content: 'The **full** text.' };
    const fr = { title: 'Nouvelle loi', content: 'Le texte **complet**.' };
    let ids: { all: string; withEnglish: string; spanishOnly: string };
    beforeAll(async () => {
      const all = await createNews(t.database.db, { title: 'Ley nueva', content: 'El texto.', en, fr, createdAt: new Date('2026-06-03T10:00:00Z') });
      const withEnglish = await createNews(t.database.db, { title: 'Cita TIE', content: 'Huellas.', en: { title: 'TIE appointment', content: 'Fingerprints.' }, createdAt: new Date('2026-06-02T10:00:00Z') });
      const spanishOnly = await createNews(t.database.db, { title: 'Solo en español', content: 'Texto español.', createdAt: new Date('2026-06-01T10:00:00Z') });
      ids = { all: all.id, withEnglish: withEnglish.id, spanishOnly: spanishOnly.id };
    });

    const newestThree = async (query: string) =>
      (await t.app.inject({ url: `/api/news?limit=3${query}` })).json<Array<{ id: string; language: string; languages: string[]; title: string }>>();

    it('lists each article in English where it exists, the Spanish one in Spanish, with its languages', async () => {
      expect(await newestThree('&lang=en')).toEqual([
        expect.objectContaining({ id: ids.all, language: 'en', languages: ['es', 'en', 'fr'], title: 'New immigration law' }),
        expect.objectContaining({ id: ids.withEnglish, language: 'en', languages: ['es', 'en'], title: 'TIE appointment' }),
        expect.objectContaining({ id: ids.spanishOnly, language: 'es', languages: ['es'], title: 'Solo en español' }),
      ]);
    });

    it('lists in French where it exists and falls back to Spanish otherwise', async () => {
      expect((await newestThree('&lang=fr')).map(({ language, title }) => ({ language, title }))).toEqual([
        { language: 'fr', title: 'Nouvelle loi' },
        { language: 'es', title: 'Cita TIE' },
        { language: 'es', title: 'Solo en español' },
      ]);
    });

    it('answers Spanish without a language, and with lang=es', async () => {
      const spanish = [
        { language: 'es', title: 'Ley nueva' },
        { language: 'es', title: 'Cita TIE' },
        { language: 'es', title: 'Solo en español' },
      ];
      expect((await newestThree('')).map(({ language, title }) => ({ language, title }))).toEqual(spanish);
      expect((await newestThree('&lang=es')).map(({ language, title }) => ({ language, title }))).toEqual(spanish);
    });

    it('answers one article in the language asked for, or in Spanish marked as such', async () => {
      const english = await t.app.inject({ url: `/api/news/${ids.all}?lang=en` });
      expect(english.json()).toEqual({ id: ids.all, language: 'en', languages: ['es', 'en', 'fr'], ...en, createdAt: '2026-06-03T10:00:00.000Z' });
      const french = await t.app.inject({ url: `/api/news/${ids.withEnglish}?lang=fr` });
      expect(french.json()).toMatchObject({ language: 'es', languages: ['es', 'en'], title: 'Cita TIE', content: 'Huellas.' });
    });

    it('depends on the address alone: the browser\'s languages do not change the answer', async () => {
      const response = await t.app.inject({ url: `/api/news/${ids.all}`, headers: { 'accept-language': 'fr' } });
      expect(response.json()).toMatchObject({ language: 'es', title: 'Ley nueva' });
    });
  });

  it('answers a translated 404 for an unknown article', async () => {
    const response = await t.app.inject({
      url: '/api/news/00000000-0000-4000-8000-000000000000',
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'notFound', message: 'Not found.' });
  });

  it.each([
    ['/api/news/not-a-uuid', 'id'],
    ['/api/news?limit=0', 'limit'],
    ['/api/news?limit=51', 'limit'],
    ['/api/news?limit=abc', 'limit'],
    ['/api/news?lang=de', 'lang'],
    ['/api/news/00000000-0000-4000-8000-000000000000?lang=EN', 'lang'],
  ])('refuses malformed input %s with a translated 400', async (url, field) => {
    const response = await t.app.inject({ url, headers: { 'accept-language': 'fr' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation',
      message: 'Veuillez vérifier les champs du formulaire.',
      issues: [{ path: field, message: expect.any(String) }],
    });
  });
});

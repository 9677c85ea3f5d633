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

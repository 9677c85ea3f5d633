import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SectionPage, SectionTexts } from '#common/sections/sections.contract.ts';
import { auditLogs, sectionPages } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';

describe('the section pages: built from the case work, written by the firm', () => {
  let t: TestApp;
  let admin: TestAccount;
  let client: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAccount(t, { role: 'admin' });
    client = await createAccount(t);
  });
  afterAll(() => t.close());

  const section = async (id: string, language = 'es') => {
    const response = await t.app.inject({ url: `/api/sections/${id}?lang=${language}` });
    expect(response.statusCode).toBe(200);
    return response.json<SectionPage>();
  };
  const save = (id: string, payload: object, language = 'es', cookie = admin.cookie) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/sections/${id}`, payload, headers: { cookie, 'accept-language': language } });

  const es: SectionTexts = {
    title: 'Reagrupación familiar',
    summary: 'Trae a tu familia.',
    audience: 'Para residentes.',
    requirements: '- 1 año de residencia',
    approach: 'Revisamos tus ingresos.',
    faq: [{ question: '¿Cuánto tarda?', answer: '45 días.' }],
  };

  it("gives a procedure page its checklist, its steps and times, its service's price and contents, the consultation to book, in the language asked for", async () => {
    const page = await section('family-reunification', 'fr');
    expect(page).toMatchObject({ id: 'family-reunification', path: '/extranjeria/reagrupacion', language: 'fr', languages: ['es', 'en', 'fr'] });
    expect(page.texts.title).toBe('Regroupement familial en Espagne');
    expect(page.offer).toMatchObject({ id: 'family-reunification', priceCents: 50000, title: 'Regroupement familial' });
    expect(page.consultations.map((offer) => offer.id)).toEqual(['express', 'scheduled']);
    expect(page.procedures.map((procedure) => procedure.id)).toEqual(['family-reunification']);
    expect(page.procedures[0]?.items).toContainEqual(expect.objectContaining({ title: 'Acte de mariage ou de naissance', isApostilleRequired: true, isSwornTranslationRequired: true, isPerFamilyMember: true }));
    expect(page.stages).toContain('tie_collected');
    expect(page.terms).toEqual(['resolution_reunification', 'requerimiento', 'tie', 'appeal']);
    expect(page.breadcrumb).toEqual([
      { path: '/', title: 'Accueil' },
      { path: '/extranjeria', title: "Démarches d'immigration à Elche, en Espagne" },
    ]);
  });

  it('lists every procedure page on the immigration hub with its price, or none for the ones priced by quote', async () => {
    const hub = await section('immigration');
    expect(hub.children.map((link) => link.path)).toEqual([
      '/extranjeria/arraigo',
      '/extranjeria/estudiantes',
      '/extranjeria/nacionalidad',
      '/extranjeria/nomada-digital',
      '/extranjeria/reagrupacion',
      '/extranjeria/no-lucrativa',
      '/extranjeria/nie-tie',
    ]);
    expect(hub.children.find((link) => link.id === 'digital-nomad')?.offer).toBeNull();
    expect(hub.children.find((link) => link.id === 'arraigo')?.offer?.priceCents).toBe(30000);
    const nomad = await section('digital-nomad');
    expect(nomad.offer).toBeNull();
    expect(nomad.procedures.map((procedure) => procedure.id)).toEqual(['digital-nomad']);
    expect((await section('arraigo')).procedures.map((procedure) => procedure.id)).toEqual([
      'arraigo-social',
      'arraigo-sociolaboral',
      'arraigo-socioformativo',
      'arraigo-familiar',
      'arraigo-second-chance',
    ]);
  });

  it('shows on its page a procedure the firm adds to a service in the back office', async () => {
    const text = (value: string) => ({ es: value, en: value, fr: value });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/procedures',
      headers: { cookie: admin.cookie },
      payload: {
        title: text('Nacionalidad por matrimonio'),
        serviceId: 'nationality',
        isDefault: false,
        items: [{ title: text('Certificado de matrimonio'), explanation: text('Del Registro Civil.'), isApostilleRequired: false, isSwornTranslationRequired: false, validityMonths: 3, isPerFamilyMember: false }],
      },
    });
    expect(created.statusCode).toBe(201);
    const page = await section('nationality', 'en');
    expect(page.procedures.at(-1)).toMatchObject({ title: 'Nacionalidad por matrimonio', items: [{ title: 'Certificado de matrimonio', validityMonths: 3 }] });
  });

  it('refuses an unknown page with a translated 400', async () => {
    const response = await t.app.inject({ url: '/api/sections/nowhere', headers: { 'accept-language': 'fr' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation' });
  });

  it('saves the Spanish texts alone: the other sites show them in Spanish, and the save is audited', async () => {
    const response = await save('students', { texts: { es, en: { title: ' ', summary: '', audience: '', requirements: '', approach: '', faq: [] } } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: 'students', path: '/extranjeria/estudiantes', texts: { es } });
    expect(response.json().texts.en).toBeUndefined();
    expect(await section('students', 'en')).toMatchObject({ language: 'es', languages: ['es'], texts: es });
    const [audit] = await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, 'students'));
    expect(audit).toMatchObject({ action: 'SECTION_UPDATE', targetTable: 'section_pages' });
  });

  it.each([
    ['es', 'Este campo es obligatorio'],
    ['en', 'This field is required'],
    ['fr', 'Ce champ est obligatoire'],
  ])('refuses a page without its Spanish title, in %s, and a half-written French version, changing nothing', async (language, required) => {
    const [before] = await t.database.db.select().from(sectionPages).where(eq(sectionPages.id, 'nie-tie'));
    const response = await save('nie-tie', { texts: { es: { ...es, title: '' }, fr: { ...es, summary: ' ' } } }, language);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      { path: 'texts.es.title', message: required },
      { path: 'texts.fr.summary', message: required },
    ]);
    const [after] = await t.database.db.select().from(sectionPages).where(eq(sectionPages.id, 'nie-tie'));
    expect(after).toEqual(before);
  });

  it('refuses an unanswered question, and more than twenty', async () => {
    const unanswered = await save('nie-tie', { texts: { es: { ...es, faq: [{ question: '¿Y la TIE?', answer: '' }] } } });
    expect(unanswered.json().issues).toEqual([{ path: 'texts.es.faq.0.answer', message: 'Este campo es obligatorio' }]);
    const tooMany = await save('nie-tie', { texts: { es: { ...es, faq: Array.from({ length: 21 }, () => es.faq[0]) } } });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().issues).toEqual([{ path: 'texts.es.faq', message: expect.any(String) }]);
  });

  it('lets only an admin read and edit the texts', async () => {
    expect((await save('nie-tie', { texts: { es } }, 'es', client.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/sections/nie-tie', payload: { texts: { es } } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/sections', headers: { cookie: client.cookie } })).statusCode).toBe(403);
    const list = await t.app.inject({ url: '/api/admin/sections?q=tie', headers: { cookie: admin.cookie } });
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: 'nie-tie', path: '/extranjeria/nie-tie' }] });
  });
});

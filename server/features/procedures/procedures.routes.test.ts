import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';

type Procedure = { id: string; title: { es: string; en: string; fr: string }; serviceId: string | null; isDefault: boolean; items: Array<{ title: { es: string; en: string; fr: string }; isPerFamilyMember: boolean }> };

const text = (value: string) => ({ es: value, en: `${value} (en)`, fr: `${value} (fr)` });
const item = (title: string, flags: Partial<{ isApostilleRequired: boolean; isSwornTranslationRequired: boolean; validityMonths: number | null; isPerFamilyMember: boolean }> = {}) => ({
  title: text(title),
  explanation: text(`Explicación de ${title}`),
  isApostilleRequired: false,
  isSwornTranslationRequired: false,
  validityMonths: null,
  isPerFamilyMember: false,
  ...flags,
});

describe('procedures: the checklist templates of the Trámites tab', () => {
  let t: TestApp;
  let admin: TestAccount;
  let client: TestAccount;
  let ip = 0;

  const as = (account: TestAccount | null, method: string, url: string, payload?: object, language = 'es') =>
    t.app.inject({
      method: method as 'GET',
      url,
      ...(payload ? { payload } : {}),
      headers: { 'accept-language': language, ...(account ? { cookie: account.cookie } : {}) },
      remoteAddress: `10.7.0.${++ip}`,
    });
  const auditActions = async (targetId: string) =>
    (await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, targetId))).map((row) => row.action);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAccount(t, { role: 'admin' });
    client = await createAccount(t);
  });
  afterAll(() => t.close());

  it.each([
    { method: 'GET', url: '/api/admin/procedures' },
    { method: 'GET', url: '/api/admin/procedure-choices' },
    { method: 'GET', url: '/api/admin/procedure-services' },
    { method: 'POST', url: '/api/admin/procedures', payload: { title: text('T'), serviceId: null, isDefault: false, items: [] } },
    { method: 'PUT', url: '/api/admin/procedures/tie', payload: { title: text('T'), serviceId: null, isDefault: false, items: [] } },
    { method: 'DELETE', url: '/api/admin/procedures/tie' },
  ])('$method $url refuses anonymous visitors (401) and clients (403)', async ({ method, url, payload }) => {
    expect((await as(null, method, url, payload)).statusCode).toBe(401);
    const refused = await as(client, method, url, payload);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });
  });

  it('ships a checklist for every case service of the catalogue, one default each, and two procedures without a service', async () => {
    const list = (await as(admin, 'GET', '/api/admin/procedures')).json<{ items: Procedure[]; total: number }>();
    expect(list.total).toBe(17);
    const services = (await as(admin, 'GET', '/api/admin/procedure-services')).json<Array<{ id: string }>>();
    expect(services.map((service) => service.id).sort()).toEqual(
      ['arraigo', 'family-member-card', 'family-reunification', 'nationality', 'nie-crue', 'property-purchase', 'renewals-appeals', 'student-stay', 'translation'].sort(),
    );
    // A translation job's documents are the ones its quote names: it has no checklist of its own.
    for (const service of services.filter((candidate) => candidate.id !== 'translation')) {
      expect(list.items.filter((procedure) => procedure.serviceId === service.id && procedure.isDefault), service.id).toHaveLength(1);
    }
    expect(list.items.filter((procedure) => procedure.serviceId === 'arraigo')).toHaveLength(5);
    expect(list.items.filter((procedure) => procedure.serviceId === null).map((procedure) => procedure.id).sort()).toEqual(['digital-nomad', 'non-lucrative-residence']);
    expect(list.items.every((procedure) => procedure.items.length > 0)).toBe(true);

    const search = async (q: string) => (await as(admin, 'GET', `/api/admin/procedures?q=${encodeURIComponent(q)}`)).json().items.map((p: Procedure) => p.id);
    expect(await search('nómada')).toEqual(['digital-nomad']);
    expect(await search('NOMADE NUM')).toEqual(['digital-nomad']);
    expect(await search('visado dorado')).toEqual([]);
    const choices = (await as(admin, 'GET', '/api/admin/procedure-choices', undefined, 'en')).json();
    expect(choices).toContainEqual({ id: 'digital-nomad', title: 'Digital nomad', serviceId: null });
  });

  it('tells a visitor, signed out and in their language, the documents a service will ask for: its default checklist, in order', async () => {
    const list = (await as(admin, 'GET', '/api/admin/procedures')).json<{ items: Procedure[] }>();
    const reunification = list.items.find((procedure) => procedure.serviceId === 'family-reunification' && procedure.isDefault);
    const documents = await as(null, 'GET', '/api/services/family-reunification/documents', undefined, 'fr');
    expect(documents.statusCode).toBe(200);
    expect(documents.json()).toEqual(reunification?.items.map((item) => ({ title: item.title.fr, isPerFamilyMember: item.isPerFamilyMember })));
    expect(documents.json().length).toBeGreaterThan(0);
    // A service without a checklist, or none at all, has no documents to list.
    expect((await as(null, 'GET', '/api/services/express/documents')).json()).toEqual([]);
    expect((await as(null, 'GET', '/api/services/ningun-servicio/documents')).json()).toEqual([]);
  });

  it('creates, reorders, rewords and removes, each with its audit row', async () => {
    const created = await as(admin, 'POST', '/api/admin/procedures', {
      title: text('Golden visa'),
      serviceId: null,
      isDefault: true,
      items: [item('Pasaporte'), item('Escritura de compraventa', { isApostilleRequired: true, isSwornTranslationRequired: true, validityMonths: 3 })],
    });
    expect(created.statusCode).toBe(201);
    const procedure = created.json<Procedure>();
    expect(procedure).toMatchObject({ serviceId: null, isDefault: false });
    expect(procedure.items.map((i) => i.title.es)).toEqual(['Pasaporte', 'Escritura de compraventa']);

    const edited = await as(admin, 'PUT', `/api/admin/procedures/${procedure.id}`, {
      title: text('Visado de inversor'),
      serviceId: null,
      isDefault: false,
      items: [item('Escritura de compraventa'), item('Pasaporte completo'), item('Seguro médico')],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Procedure>().items.map((i) => i.title.es)).toEqual(['Escritura de compraventa', 'Pasaporte completo', 'Seguro médico']);
    expect(edited.json<Procedure>().title.fr).toBe('Visado de inversor (fr)');

    expect((await as(admin, 'DELETE', `/api/admin/procedures/${procedure.id}`)).statusCode).toBe(204);
    expect((await as(admin, 'DELETE', `/api/admin/procedures/${procedure.id}`)).statusCode).toBe(404);
    expect(await auditActions(procedure.id)).toEqual(['PROCEDURE_CREATE', 'PROCEDURE_UPDATE', 'PROCEDURE_DELETE']);
  });

  it("keeps one default per service: a new default takes the service's place", async () => {
    const created = await as(admin, 'POST', '/api/admin/procedures', { title: text('Arraigo exprés'), serviceId: 'arraigo', isDefault: true, items: [item('Pasaporte')] });
    expect(created.statusCode).toBe(201);
    const list = (await as(admin, 'GET', '/api/admin/procedures')).json<{ items: Procedure[] }>();
    expect(list.items.filter((procedure) => procedure.serviceId === 'arraigo' && procedure.isDefault).map((procedure) => procedure.id)).toEqual([created.json().id]);
  });

  it('refuses bad input with a translated 400 and unknown procedures with 404', async () => {
    const missingFrench = await as(admin, 'POST', '/api/admin/procedures', { title: { es: 'A', en: 'B', fr: '' }, serviceId: null, isDefault: false, items: [] });
    expect(missingFrench.statusCode).toBe(400);
    expect(missingFrench.json().issues).toEqual([expect.objectContaining({ path: 'title.fr' })]);
    const badMonths = await as(admin, 'POST', '/api/admin/procedures', { title: text('A'), serviceId: null, isDefault: false, items: [item('X', { validityMonths: 0 })] });
    expect(badMonths.statusCode).toBe(400);
    const unknownService = await as(admin, 'POST', '/api/admin/procedures', { title: text('A'), serviceId: 'express', isDefault: false, items: [] }, 'en');
    expect(unknownService.statusCode).toBe(400);
    expect(unknownService.json().message).toMatch(/case service/i);
    expect((await as(admin, 'PUT', '/api/admin/procedures/nope', { title: text('A'), serviceId: null, isDefault: false, items: [] })).statusCode).toBe(404);
  });
});

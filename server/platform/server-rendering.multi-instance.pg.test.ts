import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '#common/money.ts';
import { serviceInputOf, type AdminService } from '#common/services/services.admin.contract.ts';
import { createAccount } from '#server/test/accounts.ts';
import { startInstances, type Instance } from '#server/test/instances.ts';
import { buildWeb, isWebBuildStale, root } from '../../scripts/lib/web-build.mjs';

/** Runs only in the api-postgres project (vitest.config.ts): PGlite lives in one process. */
describe('rendered pages across two server instances on one PostgreSQL', () => {
  let running: Awaited<ReturnType<typeof startInstances>>;
  let one: Instance;
  let two: Instance;

  const servicesPage = (instance: Instance) => instance.app.inject({ url: '/servicios', headers: { accept: 'text/html' } });

  beforeAll(async () => {
    if (isWebBuildStale()) await buildWeb();
    running = await startInstances(2, { webDir: path.join(root, 'dist/web') });
    [one, two] = running.instances as [Instance, Instance];
  });
  afterAll(async () => {
    await running?.close();
  });

  it('a price the admin changes on one instance is in the very next page the other renders, with no wait', async () => {
    const admin = await createAccount({ app: one.app, database: one.database }, { role: 'admin' });
    const before = await servicesPage(two);
    expect(before.body).toContain(formatMoney(30_000, 'eur', 'es'));
    // The other instance holds its rendering now: asked again, it answers the same.
    expect((await servicesPage(two)).headers.etag).toBe(before.headers.etag);

    const services = (await one.app.inject({ url: '/api/admin/services', headers: { cookie: admin.cookie } })).json<{ items: AdminService[] }>();
    const arraigo = services.items.find((service) => service.id === 'arraigo');
    if (!arraigo) throw new Error('no arraigo service');
    const saved = await one.app.inject({
      method: 'PUT',
      url: '/api/admin/services/arraigo',
      headers: { cookie: admin.cookie },
      payload: { ...serviceInputOf(arraigo), priceCents: 32_100 },
    });
    expect(saved.statusCode).toBe(200);

    const after = await servicesPage(two);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body).toContain(formatMoney(32_100, 'eur', 'es'));
  });
});

import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firmDay } from '#common/dates.ts';
import { formatDeadlineDay } from '#common/deadlines/deadline-dates.ts';
import { privacyPolicyVersion } from '#common/intake/fields.ts';
import { openDatabase } from '#server/db/client.ts';
import { contactFormSubmissions } from '#server/db/schema/index.ts';
import { createAdmin, sampleAdmin, signIn } from './support/accounts.ts';
import { consented, expectHealthyPage, expectToast, launchBrowser, newVisitor } from './support/browser.ts';
import { newDataDir, startServer, type RunningServer } from './support/server.ts';

/**
 * A contact request that arrived a month ago, written into DATA_DIR before the server starts (as
 * `npm run admin:create` writes the admin): however the firm's hours are set, it is overdue now.
 */
async function seedForgottenRequest(dataDir: string) {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  try {
    await database.migrate();
    const receivedAt = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
    await database.db.insert(contactFormSubmissions).values({
      name: 'Rosa Olvidada',
      email: 'rosa@example.com',
      message: '¿Podéis llamarme?',
      privacyConsentedAt: receivedAt,
      privacyPolicyVersion,
      createdAt: receivedAt,
    });
  } finally {
    await database.close();
  }
}

describe('the firm\'s hours and its reply-time promises as timers', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    const dataDir = newDataDir('e2e-reply-timers-');
    createAdmin(dataDir);
    await seedForgottenRequest(dataDir);
    [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const rowOf = (page: Page, name: string) => page.getByRole('tabpanel').getByRole('row').filter({ hasText: name });

  it('the admin sets the hours in the Agenda; a contact request shows its time left, an overdue one is counted on the tab and stops once answered', async () => {
    const context = await newVisitor(browser, server.url, consented);
    await signIn(context, sampleAdmin);
    const page = await context.newPage();

    // The weekly hours: until saved, the website's opening hours; Saturday gets a morning.
    await page.goto('/admin?tab=agenda');
    const hours = page.getByRole('region', { name: 'Horario de consultas' });
    await hours.getByText('Todavía es el horario de apertura de la web.', { exact: false }).waitFor();
    const saturday = hours.getByRole('group', { name: 'sábado' });
    await saturday.getByText('Cerrado').waitFor();
    await saturday.getByRole('button', { name: 'Añadir tramo el sábado' }).click();
    const range = saturday.getByRole('group', { name: 'Tramo 1' });
    await range.getByLabel('Hasta').fill('08:00');
    await hours.getByRole('button', { name: 'Guardar horario' }).click();
    await range.getByText('La hora de cierre debe ser posterior a la de apertura').waitFor();
    await expectHealthyPage(page);
    await range.getByLabel('Hasta').fill('13:00');
    await hours.getByLabel('Antelación mínima para reservar una cita (horas)').fill('24');
    await hours.getByRole('button', { name: 'Guardar horario' }).click();
    await expectToast(page, 'Horario guardado');

    // A day off, with its note; the holidays of the Plazos tab are listed as closing the firm too.
    const days = page.getByRole('region', { name: 'Días libres y días con otro horario' });
    const inTwoMonths = firmDay(new Date(Date.now() + 60 * 24 * 60 * 60 * 1000));
    await days.getByLabel('Fecha', { exact: true }).fill(inTwoMonths);
    await days.getByLabel('Nota (opcional)').fill('Inventario');
    await days.getByRole('button', { name: 'Guardar día' }).click();
    await expectToast(page, 'Día guardado');
    const dayOff = days.getByRole('row').filter({ hasText: formatDeadlineDay(inTwoMonths, 'es') });
    await dayOff.waitFor();
    expect(await dayOff.textContent()).toContain('Cerrado');
    expect(await dayOff.textContent()).toContain('Inventario');
    await days.getByRole('heading', { name: 'Festivos' }).waitFor();
    await expectHealthyPage(page);

    await page.reload();
    await page.getByRole('group', { name: 'sábado' }).getByRole('group', { name: 'Tramo 1' }).getByLabel('Hasta').waitFor();
    expect(await page.getByRole('group', { name: 'sábado' }).getByRole('group', { name: 'Tramo 1' }).getByLabel('Hasta').inputValue()).toBe('13:00');
    expect(await page.getByLabel('Antelación mínima para reservar una cita (horas)').inputValue()).toBe('24');
    await expect(page.getByText('Todavía es el horario de apertura de la web.', { exact: false }).count()).resolves.toBe(0);

    // A visitor writes now: 48 business hours ahead of them.
    const sent = await fetch(`${server.url}/api/contact-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Chen Wei', email: 'chen@example.com', message: 'Necesito un NIE.', privacy: true }),
    });
    expect(sent.status).toBe(201);

    await page.goto('/admin?tab=contacto');
    const tab = page.getByRole('tab', { name: /^Contacto/ });
    // The count is hidden from screen readers, who hear it said: 'Contacto, 1 con la respuesta vencida'.
    await page.getByRole('tab', { name: /^Contacto\s*, 1 con la respuesta vencida$/ }).waitFor();
    await rowOf(page, 'Chen Wei').getByText(/^Quedan (\d+ h)?( ?\d+ min)? hábiles$/).waitFor();
    const forgotten = rowOf(page, 'Rosa Olvidada');
    await forgotten.getByText(/^Vencida hace \d+ h( \d+ min)? hábiles$/).waitFor();
    await expectHealthyPage(page);

    await forgotten.getByRole('button', { name: 'Marcar como respondida la solicitud de Rosa Olvidada' }).click();
    await expectToast(page, 'Solicitud marcada como respondida');
    await forgotten.getByText(/^Respondida el /).waitFor();
    await expect(forgotten.getByText(/Vencida/).count()).resolves.toBe(0);
    await expect(forgotten.getByRole('button', { name: /Marcar como respondida/ }).count()).resolves.toBe(0);
    await page.getByRole('tab', { name: 'Contacto', exact: true }).waitFor();
    expect(await tab.textContent()).toBe('Contacto');
    await rowOf(page, 'Chen Wei').getByText(/^Quedan /).waitFor();
    await expectHealthyPage(page);

    // The other tabs with timers stay healthy with their new column content.
    for (const other of ['traducciones', 'consultas', 'chat']) {
      await page.goto(`/admin?tab=${other}`);
      await page.getByRole('tabpanel').getByRole('table').waitFor();
      await expectHealthyPage(page);
    }
    await context.close();
  }, 120_000);
});

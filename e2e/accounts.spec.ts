import { spawnSync } from 'node:child_process';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { root } from '../scripts/lib/web-build.mjs';
import { completeTwoFactorSetUp } from './support/accounts.ts';
import { consented, expectHealthyPage, expectToast, launchBrowser, newVisitor } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

function linkIn(text: string, pathPart: string): string {
  const link = text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(pathPart));
  if (!link) throw new Error(`no ${pathPart} link in:\n${text}`);
  return link;
}

describe('accounts', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const visitor = async () => {
    const context = await newVisitor(browser, server.url, consented);
    contexts.push(context);
    return context.newPage();
  };

  beforeAll(async () => {
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ env: { SMTP_URL: mail.url } }), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await server?.stop();
    await mail?.close();
  });

  /**
   * The address changes before the next page is drawn (a lazy page loads inside a transition, the
   * previous one still on screen): wait for the sign-in page itself before typing into it.
   */
  const signInPageShown = async (page: Page) => {
    await page.waitForURL('**/acceder');
    await page.getByRole('heading', { level: 1, name: 'Acceso Clientes' }).waitFor();
  };

  it('register → mail → confirm → sign in → edit profile → sign out → forgot password → reset → sign in', async () => {
    const page = await visitor();
    const email = 'lucia.moreau@example.com';
    await page.goto('/registro');
    await page.getByRole('heading', { level: 1, name: 'Crear cuenta' }).waitFor();
    await expectHealthyPage(page);

    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.getByText('Este campo es obligatorio').first().waitFor();

    await page.getByLabel('Nombre').fill('Lucía');
    await page.getByLabel('Apellidos').fill('Moreau');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Teléfono').fill('+33 6 12 34 56 78');
    await page.getByLabel('Contraseña', { exact: true }).fill('corta');
    await page.getByRole('button', { name: 'Mostrar contraseña' }).click();
    expect(await page.getByLabel('Contraseña', { exact: true }).getAttribute('type')).toBe('text');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.getByText('Contraseña demasiado corta: debe tener al menos 8 caracteres.').waitFor();
    await page.getByLabel('Contraseña', { exact: true }).fill('Huerto-del-Cura-2026');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await signInPageShown(page);
    // What to do next stays on the page, with the way to ask for the mail again.
    const nextStep = page.getByRole('status').filter({ hasText: '¡Registro casi completo!' });
    await nextStep.getByText(`Te hemos enviado un enlace a ${email}.`, { exact: false }).waitFor();
    await nextStep.getByRole('button', { name: 'Reenviar email de confirmación' }).click();
    await expectToast(page, 'Email enviado');
    await expect.poll(() => mail.messages.filter((sent) => sent.to.includes(email) && /Confirma tu cuenta/.test(sent.subject)).length).toBe(2);

    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill('Huerto-del-Cura-2026');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expectToast(page, 'Email no confirmado');
    await expectHealthyPage(page);

    const confirmation = await mail.waitFor(email, /Confirma tu cuenta/);
    await page.goto(linkIn(confirmation.text, '/api/auth/verify-email'));
    await page.waitForURL('**/panel');
    await page.getByRole('heading', { level: 1, name: 'Bienvenido, Lucía' }).waitFor();
    await expectHealthyPage(page);
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expectToast(page, 'Has cerrado sesión.');

    await page.getByRole('banner').getByRole('link', { name: 'Acceso Clientes' }).click();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill('Huerto-del-Cura-2026');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expectToast(page, '¡Bienvenido de nuevo!');
    await page.waitForURL('**/panel');
    expect(await page.getByRole('banner').getByRole('link', { name: 'Mi Panel' }).getAttribute('href')).toBe('/panel');

    await page.getByRole('link', { name: 'Mi perfil' }).click();
    await page.waitForURL('**/perfil');
    const nie = page.getByLabel('NIE');
    await nie.waitFor();
    await expectHealthyPage(page);
    await nie.fill('X1234567A');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('El NIE no es válido: debe tener el formato X1234567L y su letra de control correcta.').waitFor();
    await nie.fill('X1234567L');
    await page.getByLabel('Fecha de nacimiento').fill('1988-03-09');
    await page.getByLabel('Dirección').fill('Carrer Hort del Xocolater 3, Elche');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expectToast(page, 'Perfil actualizado');
    await page.reload();
    await page.getByLabel('NIE').waitFor();
    expect(await page.getByLabel('NIE').inputValue()).toBe('X1234567L');
    expect(await page.getByLabel('Fecha de nacimiento').inputValue()).toBe('1988-03-09');

    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expectToast(page, 'Has cerrado sesión.');
    await page.waitForURL(`${server.url}/`);

    await page.goto('/acceder');
    await page.getByRole('button', { name: '¿Has olvidado tu contraseña?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Recuperar contraseña' });
    const send = dialog.getByRole('button', { name: 'Enviar enlace' });
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await expectHealthyPage(page);
    await send.click();
    await expectToast(page, 'Email enviado');
    await dialog.waitFor({ state: 'detached' });

    const reset = await mail.waitFor(email, /Restablece tu contraseña/);
    await page.goto(linkIn(reset.text, '/api/auth/reset-password/'));
    await page.waitForURL('**/actualizar-contrasena?token=*');
    await page.getByRole('heading', { level: 1, name: 'Nueva contraseña' }).waitFor();
    await expectHealthyPage(page);
    await page.getByLabel('Nueva contraseña').fill('Palmeral-2027-Nueva');
    await page.getByLabel('Confirmar contraseña').fill('Palmeral-2027-Otra');
    await page.getByRole('button', { name: 'Actualizar contraseña' }).click();
    await page.getByText('Las contraseñas no coinciden').waitFor();
    await page.getByLabel('Confirmar contraseña').fill('Palmeral-2027-Nueva');
    await page.getByRole('button', { name: 'Actualizar contraseña' }).click();
    await expectToast(page, 'Contraseña actualizada');
    await signInPageShown(page);

    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill('Huerto-del-Cura-2026');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expectToast(page, 'Error al iniciar sesión');
    await page.getByLabel('Contraseña', { exact: true }).fill('Palmeral-2027-Nueva');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL('**/panel');
  });

  it('gates the portal and the back office, and keeps the redirect with its query', async () => {
    const page = await visitor();
    await page.goto('/perfil?desde=correo');
    await expectToast(page, 'Acceso denegado');
    await page.waitForURL(/\/acceder\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/perfil?desde=correo');
  });

  it('admin:create makes a working admin who sets up the second factor and lands on /admin; a client is kept out of it', async () => {
    const created = spawnSync(
      'npx',
      ['tsx', 'scripts/admin-create.ts', '--email', 'admin@despacho.example', '--password', 'Admin-Elche-2026!', '--first-name', 'Marta', '--last-name', 'Ruiz'],
      { cwd: root, env: { ...process.env, DATA_DIR: `${server.dataDir}-admin` }, encoding: 'utf8' },
    );
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toContain('Created the admin account admin@despacho.example');

    const admin = await startServer({ env: { SMTP_URL: mail.url }, dataDir: `${server.dataDir}-admin` });
    try {
      const context = await newVisitor(browser, admin.url, consented);
      contexts.push(context);
      const page = await context.newPage();
      await page.goto('/acceder');
      await page.getByLabel('Email', { exact: true }).fill('admin@despacho.example');
      await page.getByLabel('Contraseña', { exact: true }).fill('Admin-Elche-2026!');
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      await page.waitForURL('**/admin');
      await completeTwoFactorSetUp(page, { email: 'admin@despacho.example', password: 'Admin-Elche-2026!' });
      await page.getByRole('heading', { level: 1, name: 'Panel de administración' }).waitFor();
      expect(await page.getByRole('banner').getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
      await expectHealthyPage(page);
    } finally {
      await admin.stop();
    }

    const client = await visitor();
    await client.goto('/registro');
    const email = 'cliente.curioso@example.com';
    await client.getByLabel('Nombre').fill('Cliente');
    await client.getByLabel('Apellidos').fill('Curioso');
    await client.getByLabel('Email', { exact: true }).fill(email);
    await client.getByLabel('Teléfono').fill('+34600111222');
    await client.getByLabel('Contraseña', { exact: true }).fill('Curiosidad-Mato-2026');
    await client.getByRole('checkbox').check();
    await client.getByRole('button', { name: 'Crear cuenta' }).click();
    await client.waitForURL('**/acceder');
    const confirmation = await mail.waitFor(email, /Confirma tu cuenta/);
    await client.goto(linkIn(confirmation.text, '/api/auth/verify-email'));
    await client.waitForURL('**/panel');
    await client.goto('/admin');
    await expectToast(client, 'Acceso no autorizado');
    await client.waitForURL('**/panel');
  });

  it('a confirmation link opened in another browser confirms the account and asks to sign in there', async () => {
    const registering = await visitor();
    const email = 'otro.navegador@example.com';
    await registering.goto('/registro');
    await registering.getByLabel('Nombre').fill('Otro');
    await registering.getByLabel('Apellidos').fill('Navegador');
    await registering.getByLabel('Email', { exact: true }).fill(email);
    await registering.getByLabel('Teléfono').fill('+34600111333');
    await registering.getByLabel('Contraseña', { exact: true }).fill('Palmeral-de-Elche-2026');
    await registering.getByRole('checkbox').check();
    await registering.getByRole('button', { name: 'Crear cuenta' }).click();
    await registering.waitForURL('**/acceder');

    const elsewhere = await visitor();
    const confirmation = await mail.waitFor(email, /Confirma tu cuenta/);
    await elsewhere.goto(linkIn(confirmation.text, '/api/auth/verify-email'));
    await elsewhere.waitForURL('**/acceder?confirmado=1');
    await elsewhere.getByRole('status').filter({ hasText: 'Tu email está confirmado. Inicia sesión para continuar.' }).waitFor();
    await expectHealthyPage(elsewhere);
    await elsewhere.getByLabel('Email', { exact: true }).fill(email);
    await elsewhere.getByLabel('Contraseña', { exact: true }).fill('Palmeral-de-Elche-2026');
    await elsewhere.getByRole('button', { name: 'Iniciar sesión' }).click();
    await elsewhere.waitForURL('**/panel');
  });
});

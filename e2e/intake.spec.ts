import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '../server/test/mail-capture.ts';
import { consented, expectHealthyPage, launchBrowser, newVisitor } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const firmInbox = 'despacho@example.com';
const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.7\n${'x'.repeat(500)}`) });
const png = (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500)]),
});

describe('public intake: contact, translation quotes and expatriation consultations', () => {
  let server: RunningServer;
  let capture: MailCapture;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const visitor = async (storage: Record<string, string> = consented) => {
    const context = await newVisitor(browser, server.url, storage);
    contexts.push(context);
    return context.newPage();
  };

  beforeAll(async () => {
    capture = await startMailCapture();
    [server, browser] = await Promise.all([
      startServer({ env: { SMTP_URL: capture.url, FIRM_EMAIL: firmInbox, FIRM_WHATSAPP: '+34 611 22 33 44' } }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await server?.stop();
    await capture?.close();
  });

  const toasts = (page: Page) => page.getByRole('region', { name: /Notificaciones/ });

  /** Holds the request a moment, so the busy state of the button can be seen. */
  async function slowDown(page: Page, url: string) {
    await page.route(url, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
  }

  it('contact: shows the firm details, requires the privacy consent, sends, confirms, resets and notifies', async () => {
    const page = await visitor();
    await page.goto('/contacto');
    await page.getByRole('heading', { level: 1, name: 'Contacto' }).waitFor();
    expect(await page.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toBe('https://wa.me/34611223344');
    expect(await page.getByRole('main').textContent()).toContain('Elche');
    await expectHealthyPage(page);

    await page.getByRole('button', { name: 'Enviar solicitud' }).click();
    await page.getByText('Debes aceptar la política de privacidad para continuar.').waitFor();
    expect(await page.getByText('Este campo es obligatorio').count()).toBe(3);
    await expectHealthyPage(page);

    await page.getByLabel('Nombre y apellidos').fill('Karim Haddad');
    await page.getByLabel('Email').fill('karim@example.com');
    await page.getByLabel('Teléfono').fill('+34 622 33 44 55');
    await page.getByLabel('Asunto').selectOption({ label: 'Trámites de Extranjería' });
    await page.getByLabel('Mensaje').fill('Necesito ayuda con el arraigo social.');
    await page.getByRole('checkbox', { name: /política de privacidad/ }).check();
    await slowDown(page, '**/api/contact-requests');
    await page.getByRole('button', { name: 'Enviar solicitud' }).click();
    const busy = page.getByRole('button', { name: 'Enviando...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);

    await toasts(page).getByText('¡Solicitud enviada!').waitFor();
    await toasts(page).getByText('Gracias por contactarnos. Te responderemos pronto.').waitFor();
    expect(await page.getByLabel('Nombre y apellidos').inputValue()).toBe('');
    expect(await page.getByLabel('Mensaje').inputValue()).toBe('');
    expect(await page.getByRole('checkbox', { name: /política de privacidad/ }).isChecked()).toBe(false);

    const firm = await capture.waitFor(firmInbox, /Nueva solicitud de contacto: Karim Haddad/);
    expect(firm.text).toContain(`${server.url}/admin`);
    const ack = await capture.waitFor('karim@example.com', /Hemos recibido tu solicitud/);
    expect(ack.text).toContain('24-48 horas laborables');
  });

  it('contact: what a visitor enters before the form has hydrated is kept, and their submit waits for the form and is sent', async () => {
    const page = await visitor();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    // The form's code is held back, as on a slow network, until the visitor has filled it in and sent it.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/contact-form-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/contacto');
    expect(scripts.filter((script) => /contact-form|zod/.test(script))).toEqual([]);

    await page.getByLabel('Nombre y apellidos').fill('Amina Benali');
    await page.getByLabel('Email').fill('amina@example.com');
    await page.getByLabel('Asunto').selectOption({ label: 'Trámites de Extranjería' });
    await page.getByLabel('Mensaje').fill('Quiero renovar mi tarjeta de residencia.');
    await page.getByRole('checkbox', { name: /política de privacidad/ }).check();
    await page.getByRole('button', { name: 'Enviar solicitud' }).click();
    // Reaching for the form, or the submit held for it, asks for its code; the page stays where it is.
    await expect.poll(() => scripts.some((script) => /contact-form/.test(script))).toBe(true);
    expect(page.url()).toBe(`${server.url}/contacto`);

    release();
    await toasts(page).getByText('¡Solicitud enviada!').waitFor();
    const firm = await capture.waitFor(firmInbox, /Nueva solicitud de contacto: Amina Benali/);
    expect(firm.text).toContain('Quiero renovar mi tarjeta de residencia.');
    expect(firm.text).toContain('amina@example.com');
    expect(await page.getByLabel('Nombre y apellidos').inputValue()).toBe('');
    await expectHealthyPage(page);
  });

  it('contact without scripts: the form posts to a page that says nothing was sent, and nothing of it lands in the address', async () => {
    const context = await newVisitor(browser, server.url, consented, { javaScriptEnabled: false });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/fr/contacto');
    await page.getByLabel('Nom et prénom').fill('Amina Benali');
    await page.getByLabel('E-mail', { exact: true }).fill('amina@example.com');
    await page.getByRole('button', { name: 'Envoyer la demande' }).click();
    await page.waitForURL(`${server.url}/fr/formulario-sin-javascript`);
    await page.getByRole('heading', { level: 1, name: 'Ce formulaire a besoin de JavaScript' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('link', { name: 'Retour au formulaire' }).click();
    await page.waitForURL(`${server.url}/fr/contacto`);
  });

  it('translation quote: validates the phone, sends several documents, confirms, clears the files and notifies', async () => {
    const page = await visitor();
    await page.goto('/traducciones/presupuesto');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectHealthyPage(page);

    await page.getByLabel('Nombre y apellidos').fill('Amina Diallo');
    await page.getByLabel('Teléfono (WhatsApp)').fill('612345678');
    await page.getByLabel('Email').fill('amina@example.com');
    await page.getByRole('button', { name: 'Solicitar presupuesto' }).click();
    await page.getByText('Introduce un número de teléfono válido.').waitFor();
    await page.getByText('Debes aceptar la política de privacidad.').waitFor();

    await page.getByLabel('Teléfono (WhatsApp)').fill('+221771234567');
    await page.getByLabel('Idioma de origen').selectOption('fr');
    await page.getByLabel('Idioma de destino').selectOption('es');
    await page.getByLabel('Documentos').setInputFiles([pdf('acta de nacimiento.pdf'), png('pasaporte.png')]);
    await page.getByRole('button', { name: 'Quitar pasaporte.png' }).waitFor();
    await page.getByLabel('Comentarios y urgencia').fill('Para la nacionalidad.');
    await page.getByRole('checkbox', { name: /política de privacidad/ }).check();
    await expectHealthyPage(page);
    await slowDown(page, '**/api/translation-quotes');
    await page.getByRole('button', { name: 'Solicitar presupuesto' }).click();
    await page.getByRole('button', { name: 'Enviando...' }).waitFor();

    await toasts(page).getByText('Solicitud enviada').waitFor();
    await toasts(page).getByText('Hemos recibido tu solicitud. Te enviaremos el presupuesto en 24/48h.').waitFor();
    expect(await page.getByRole('button', { name: /^Quitar / }).count()).toBe(0);
    expect(await page.getByLabel('Documentos').evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);
    expect(await page.getByLabel('Nombre y apellidos').inputValue()).toBe('');
    expect(await page.getByRole('radio', { name: 'Traducción jurada' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /política de privacidad/ }).isChecked()).toBe(false);

    const firm = await capture.waitFor(firmInbox, /presupuesto de traducción: Amina Diallo/);
    expect(firm.text).toContain('acta de nacimiento.pdf');
    expect(firm.text).toContain('pasaporte.png');
    const ack = await capture.waitFor('amina@example.com', /Hemos recibido tu solicitud de presupuesto/);
    expect(ack.text).toContain('24/48 h');
  });

  it('translation form on the services page: text or document required, then sends and notifies', async () => {
    const page = await visitor();
    await page.goto('/servicios#traducciones');
    const section = page.locator('#traducciones');
    await section.getByRole('heading', { name: 'Solicita tu traducción' }).waitFor();
    await expectHealthyPage(page);

    await section.getByLabel('Nombre y apellidos').fill('Pierre Leroy');
    await section.getByLabel('Email').fill('pierre@example.com');
    await section.getByLabel('Teléfono (WhatsApp)').fill('+33612345678');
    await section.getByLabel('Idioma de origen').selectOption('fr');
    await section.getByLabel('Idioma de destino').selectOption('es');
    await section.getByRole('checkbox', { name: /política de privacidad/ }).check();
    await section.getByRole('button', { name: 'Enviar solicitud' }).click();
    await toasts(page).getByText('Información incompleta').waitFor();
    await toasts(page).getByText('Por favor, pega el texto a traducir o sube un documento.').waitFor();

    await section.getByLabel('Documento', { exact: true }).setInputFiles([pdf('certificado.pdf')]);
    await section.getByRole('button', { name: 'Quitar certificado.pdf' }).waitFor();
    await section.getByRole('button', { name: 'Enviar solicitud' }).click();
    await toasts(page).getByText('Solicitud enviada').waitFor();
    expect(await section.getByRole('button', { name: /^Quitar / }).count()).toBe(0);
    expect(await section.getByLabel('Nombre y apellidos').inputValue()).toBe('');

    await capture.waitFor(firmInbox, /Nueva solicitud de traducción: Pierre Leroy/);
    await capture.waitFor('pierre@example.com', /Hemos recibido tu solicitud de traducción/);
  });

  it('expatriation consultation: no unwritten guide on show, sends, confirms, resets and notifies', async () => {
    const page = await visitor();
    await page.goto('/expatriacion/consulta');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByText('Próximamente').count()).toBe(0);
    await expectHealthyPage(page);

    await page.getByRole('button', { name: 'Enviar consulta' }).click();
    await page.getByText('Debes aceptar la política de privacidad.').waitFor();
    expect(await page.getByText('Este campo es obligatorio').count()).toBe(2);

    await page.getByLabel('Nombre y apellidos').fill('Sophie Martin');
    await page.getByLabel('Email').fill('sophie@example.com');
    await page.getByLabel('País de origen').fill('Francia');
    await page.getByLabel('Ciudad de destino en España').fill('Elche');
    await page.getByRole('checkbox', { name: 'Trabajo' }).check();
    await page.getByLabel('Fecha prevista de llegada').fill('2027-06');
    await page.getByLabel('Mensaje breve').fill('Llegamos con dos hijos.');
    await page.getByRole('checkbox', { name: /política de privacidad/ }).check();
    await slowDown(page, '**/api/consultations/expatriation');
    await page.getByRole('button', { name: 'Enviar consulta' }).click();
    await page.getByRole('button', { name: 'Enviando...' }).waitFor();

    await toasts(page).getByText('Consulta enviada').waitFor();
    expect(await page.getByLabel('Nombre y apellidos').inputValue()).toBe('');
    expect(await page.getByRole('checkbox', { name: 'Trabajo' }).isChecked()).toBe(false);

    const firm = await capture.waitFor(firmInbox, /Nueva consulta de expatriación: Sophie Martin/);
    expect(firm.text).toContain('Llegada prevista: 2027-06');
    const ack = await capture.waitFor('sophie@example.com', /Hemos recibido tu consulta de expatriación/);
    expect(ack.text).toContain('24-48 horas laborables');
  });

  it('shows the server refusal of a document in English, with the failure toast', async () => {
    const page = await visitor({ ...consented, lang: 'en' });
    await page.goto('/traducciones/presupuesto');
    // The stored language takes the visitor to the English page before anything is shown.
    await page.waitForURL('**/en/traducciones/presupuesto');
    await page.getByLabel('Full name').fill('John Smith');
    await page.getByLabel('Phone (WhatsApp)').fill('+447912345678');
    await page.getByLabel('Email').fill('john@example.com');
    // A PNG renamed .pdf passes the browser check and is caught by the server's magic-byte check.
    await page.getByLabel('Documents').setInputFiles([{ ...png('disguised.pdf'), mimeType: 'application/pdf' }]);
    await page.getByRole('checkbox', { name: /privacy policy/ }).check();
    await page.getByRole('button', { name: 'Request a quote' }).click();
    const region = page.getByRole('region', { name: /Notifications/ });
    await region.getByText('Error sending').waitFor();
    await region.getByText(/We could not send your request\. Please check the fields and try again\. File type not allowed/).waitFor();
    await expectHealthyPage(page);
  });
});

import { readFileSync } from 'node:fs';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture, type MailCapture } from '#server/test/mail-capture.ts';
import { createAdmin, createClient, type Account } from './support/accounts.ts';
import { consented, expectHealthyPage, launchBrowser, newVisitor } from './support/browser.ts';
import { acceptEngagementLetter } from './support/engagement.ts';
import { newDataDir, startServer, type RunningServer } from './support/server.ts';

/** What each language's visitor reads on the way (the catalogs' words). */
const words = {
  fr: {
    locale: 'fr-FR',
    title: 'Consultation programmée',
    book: 'Réserver une consultation',
    picker: 'Réservez votre consultation',
    day: 'Jour',
    time: 'Heure',
    video: 'Visioconférence',
    continue: 'Continuer vers le paiement',
    signInTitle: 'Connectez-vous pour continuer',
    signIn: 'Se connecter',
    email: 'E-mail',
    password: 'Mot de passe',
    pay: 'Payer',
    appointment: 'Votre rendez-vous',
    addToCalendar: 'Ajouter à mon agenda (.ics)',
    at: (date: string, time: string) => `${date}, à ${time} (heure de Madrid)`,
  },
  en: {
    locale: 'en-GB',
    title: 'Scheduled consultation',
    book: 'Book a consultation',
    picker: 'Book your consultation',
    day: 'Day',
    time: 'Time',
    video: 'Video call',
    continue: 'Continue to payment',
    signInTitle: 'Sign in to hire',
    signIn: 'Sign in',
    email: 'Email',
    password: 'Password',
    pay: 'Pay',
    appointment: 'Your appointment',
    addToCalendar: 'Add to my calendar (.ics)',
    at: (date: string, time: string) => `${date}, at ${time} (Madrid time)`,
  },
} as const;

const clients: Record<keyof typeof words, Account> = {
  fr: { email: 'chloe@example.fr', password: 'Palmier-Elche-2026!', firstName: 'Chloé', lastName: 'Durand', phone: '+33611111111' },
  en: { email: 'olivia@example.co.uk', password: 'Palm-Grove-Elche-2026!', firstName: 'Olivia', lastName: 'Brown', phone: '+447700900123' },
};

/** The long day and the time of an instant in Madrid, as the pages write them. */
function madrid(iso: string, locale: string) {
  const at = new Date(iso);
  const date = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Madrid' }).format(at);
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Madrid' }).format(at);
  return { date, time };
}

/** Chooses with the keyboard, as the radio group lets one: focus a radio, then Space. */
async function choose(radio: Locator) {
  await radio.focus();
  await radio.press('Space');
  expect(await radio.isChecked()).toBe(true);
}

/**
 * A visitor on a phone (390 × 844) sees the free slots of the scheduled consultation before having
 * signed in, picks one, signs in on "continue" and comes back with the same slot to the letter and
 * the checkout, which names it; pays on the test provider; the success page gives the booked time
 * and "add to calendar" downloads a valid .ics; the mail gives the time too. In French and in English.
 */
describe('booking a consultation as a visitor on a phone: slots before signing in, the slot kept through it', () => {
  let mail: MailCapture;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    const dataDir = newDataDir('e2e-visitor-booking-');
    createAdmin(dataDir);
    mail = await startMailCapture();
    [server, browser] = await Promise.all([startServer({ dataDir, env: { SMTP_URL: mail.url } }), launchBrowser()]);
    for (const client of Object.values(clients)) await createClient(server.url, mail, { client });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mail?.close();
  });

  it.each(['fr', 'en'] as const)('books, signs in, pays and adds the appointment to a calendar (%s)', async (language) => {
    const w = words[language];
    const client = clients[language];
    const context = await newVisitor(browser, server.url, { ...consented, lang: language }, { locale: w.locale, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, acceptDownloads: true });
    try {
      const page = await context.newPage();
      await page.goto(`/${language}/servicios#consultas`);
      const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: w.title }) });
      await card.getByRole('button', { name: w.book }).click();

      // Signed out, the slots show at once: one row of days, and the first day's times in view.
      const dialog = page.getByRole('dialog', { name: w.picker });
      const time = dialog.getByRole('group', { name: w.time }).getByRole('radio').first();
      await time.waitFor({ state: 'attached' });
      const days = await dialog.getByRole('group', { name: w.day }).boundingBox();
      expect(days?.height ?? 1000).toBeLessThan(160);
      const timeBox = await dialog.getByRole('group', { name: w.time }).boundingBox();
      expect((timeBox?.y ?? 1000) + 40).toBeLessThan(844);
      const startsAt = (await time.getAttribute('value')) ?? '';
      await choose(time);
      await choose(dialog.getByRole('radio', { name: w.video }));
      await dialog.getByRole('button', { name: w.continue }).click();

      // Signing in comes now, and brings the chosen slot back.
      await page.getByRole('dialog', { name: w.signInTitle }).getByRole('link', { name: w.signIn }).click();
      await page.getByLabel(w.email, { exact: true }).fill(client.email);
      await page.getByLabel(w.password, { exact: true }).fill(client.password);
      await page.getByRole('main').getByRole('button', { name: w.signIn }).click();
      await acceptEngagementLetter(page, { language });

      const { date, time: clock } = madrid(startsAt, w.locale);
      await page.waitForURL('**/checkout?session=*');
      await page.getByText(w.at(date, clock)).waitFor();
      await page.getByText(w.video, { exact: true }).waitFor();
      await expectHealthyPage(page);
      await page.getByRole('button', { name: w.pay, exact: true }).click();

      await page.waitForURL('**/pago?payment=success&kind=consultation&service=scheduled');
      const appointment = page.getByRole('region', { name: w.appointment });
      await appointment.getByText(w.at(date, clock)).waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), appointment.getByRole('link', { name: w.addToCalendar }).click()]);
      const ics = readFileSync(await download.path(), 'utf8');
      expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
      expect(ics).toContain('BEGIN:VEVENT\r\n');
      expect(ics).toContain(`DTSTART:${startsAt.replace(/[-:]/g, '').replace('.000', '')}\r\n`);
      expect(ics).toMatch(/\r\nUID:consultation-[0-9a-f-]+@/);
      expect(ics.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
      await expectHealthyPage(page);

      const invitation = await mail.waitFor(client.email, new RegExp(clock));
      expect(invitation.attachments.some((file) => file.mimeType === 'text/calendar')).toBe(true);
    } finally {
      await context.close();
    }
  });
});

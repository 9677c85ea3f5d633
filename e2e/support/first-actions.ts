import type { Browser, Page } from 'playwright-core';
import { languageNames, type Language } from '#common/i18n/languages.ts';
import { heldActionsScript } from '#server/platform/held-actions-script.ts';
import { translator } from '#server/platform/translator.ts';
import { localizedPath } from '#common/site-addresses.ts';
import type { Translate } from '#common/i18n/translate.ts';

/**
 * Every control of the public pages, pressed the way a quick person on a slow phone presses it: as
 * soon as it is visible, before the page has answered (ADR 034). Shared by the browser test
 * (e2e/first-actions.spec.ts) and the script that repeats them on slower processors and networks
 * (`npm run bench:actions`).
 */
export type FirstAction = {
  name: string;
  /** The page's address in Spanish; the others are its language's prefix. */
  path: string;
  /** A phone's screen, where the header's menu is a button. */
  isPhone?: boolean;
  /** A visitor who has not yet chosen about cookies sees the banner. */
  withoutCookieChoice?: boolean;
  /**
   * Drawn by React once the page has loaded (the cookie banner, the chat's button): there is no
   * moment before the page answers, so its scripts are not held back.
   */
  isDrawnByReact?: boolean;
  act: (page: Page, t: Translate, language: Language) => Promise<void>;
  /** What the person sees once their action has been carried out. */
  outcome: (page: Page, t: Translate, language: Language) => Promise<unknown>;
};

/** The services page's consultations, in the catalogue's order: the express one first, then the scheduled one. */
const hireConsultation = (page: Page, t: Translate, index: number) => page.getByRole('button', { name: t('services:actions.hireConsultation') }).nth(index);
const languageButton = (page: Page, t: Translate, language: Language) =>
  page.getByRole('button', { name: t('common:language.label', { language: languageNames[language] }) }).filter({ visible: true });
const requiredShown = (page: Page, t: Translate) => page.getByText(t('validation:required')).first().waitFor();
const submitEmpty = (path: string, submit: string): FirstAction => ({
  name: `${path}: the empty form's submit shows what is missing`,
  path,
  act: (page, t) => page.getByRole('button', { name: t(submit), exact: true }).click(),
  outcome: (page, t) => requiredShown(page, t),
});

export const firstActions: FirstAction[] = [
  {
    name: 'header: the language menu opens on a click',
    path: '/',
    act: (page, t, language) => languageButton(page, t, language).click(),
    outcome: (page) => page.getByRole('menu').waitFor(),
  },
  {
    name: 'header: the language menu opens with the arrow key',
    path: '/',
    act: async (page, t, language) => {
      await languageButton(page, t, language).focus();
      await page.keyboard.press('ArrowDown');
    },
    outcome: (page) => page.getByRole('menu').waitFor(),
  },
  {
    name: "header: the services' menu lists the section pages, and leads to one",
    path: '/',
    act: (page, t) => page.getByRole('button', { name: t('common:nav.servicesMenu') }).click(),
    outcome: async (page, t, language) => {
      await page.getByRole('banner').getByRole('link', { name: t('common:nav.immigration') }).click();
      await page.waitForURL((url) => url.pathname === localizedPath('/extranjeria', language));
    },
  },
  {
    name: "header: a phone's menu opens",
    path: '/',
    isPhone: true,
    act: (page, t) => page.getByRole('button', { name: t('common:nav.openMenu') }).click(),
    outcome: (page, t) => page.getByRole('button', { name: t('common:nav.closeMenu') }).waitFor(),
  },
  {
    name: "header: a link leads to the services' page",
    path: '/',
    act: (page, t) => page.getByRole('navigation', { name: t('common:nav.main') }).getByRole('link', { name: t('common:nav.services') }).click(),
    outcome: (page, _t, language) =>
      page.waitForURL((url) => url.pathname === localizedPath('/servicios', language)).then(() => page.getByRole('heading', { level: 1 }).waitFor()),
  },
  {
    name: "footer: the cookie settings' dialog opens",
    path: '/',
    act: (page, t) => page.getByRole('button', { name: t('common:footer.cookieSettings') }).click(),
    outcome: (page, t) => page.getByRole('dialog', { name: t('common:cookies.preferences.title') }).waitFor(),
  },
  {
    name: 'cookie banner: refusing the optional cookies closes it',
    path: '/',
    withoutCookieChoice: true,
    isDrawnByReact: true,
    act: (page, t) => page.getByRole('button', { name: t('common:cookies.reject') }).click(),
    outcome: (page, t) => page.getByRole('region', { name: t('common:cookies.bannerLabel') }).waitFor({ state: 'detached' }),
  },
  {
    name: "chat: the chat's button opens it",
    path: '/',
    isDrawnByReact: true,
    act: (page, t) => page.getByRole('button', { name: t('chat:widget.open') }).click(),
    outcome: (page, t) => page.getByRole('button', { name: t('chat:widget.close') }).first().waitFor(),
  },
  {
    name: "services: the express consultation's hire button asks a signed-out visitor to sign in",
    path: '/servicios',
    act: (page, t) => hireConsultation(page, t, 0).click(),
    outcome: (page, t) => page.getByRole('dialog', { name: t('services:hire.signInTitle') }).waitFor(),
  },
  {
    name: "services: the scheduled consultation's hire button, pressed with Enter, shows a signed-out visitor the free slots",
    path: '/servicios',
    act: async (page, t) => {
      await hireConsultation(page, t, 1).focus();
      await page.keyboard.press('Enter');
    },
    outcome: (page, t) => page.getByRole('dialog', { name: t('booking:picker.title') }).waitFor(),
  },
  {
    name: "services: a case's hire link opens its start page",
    path: '/servicios',
    act: (page, t) => page.getByRole('link', { name: t('services:actions.hireCase') }).first().click(),
    outcome: (page, t) => page.getByRole('heading', { level: 1, name: t('services:startCase.title') }).waitFor(),
  },
  {
    name: "a procedure's page: booking a consultation shows a signed-out visitor the free slots",
    path: '/extranjeria/reagrupacion',
    act: (page, t) => page.getByRole('button', { name: t('sections:cta.book', { price: '' }).trim() }).first().click(),
    outcome: (page, t) => page.getByRole('dialog', { name: t('booking:picker.title') }).waitFor(),
  },
  {
    name: "a procedure's page: its hire link opens its start page",
    path: '/extranjeria/arraigo',
    act: (page, t) => page.getByRole('link', { name: t('sections:cta.hire', { price: '' }).trim() }).first().click(),
    outcome: (page, t) => page.getByRole('heading', { level: 1, name: t('services:startCase.title') }).waitFor(),
  },
  submitEmpty('/servicios', 'translations:request.submit'),
  submitEmpty('/contacto', 'contact:form.submit'),
  {
    name: 'contact: a form filled and sent at once reaches the firm',
    path: '/contacto',
    act: async (page, t) => {
      await page.getByRole('main').getByLabel(t('contact:form.name')).fill('Amina Benali');
      await page.getByRole('main').getByLabel(t('contact:form.email'), { exact: true }).fill('amina@example.com');
      await page.getByRole('main').getByLabel(t('contact:form.subject')).selectOption({ label: t('contact:subjects.extranjeria') });
      await page.getByRole('main').getByLabel(t('contact:form.message'), { exact: true }).fill('Quiero renovar mi tarjeta de residencia.');
      await page.getByRole('main').getByRole('checkbox').check();
      await page.getByRole('button', { name: t('contact:form.submit'), exact: true }).click();
    },
    outcome: (page, t) => page.getByText(t('contact:success.title')).first().waitFor(),
  },
  submitEmpty('/expatriacion/consulta', 'consultations:form.submit'),
  submitEmpty('/traducciones/presupuesto', 'translations:quote.submit'),
];

export type ActionConditions = {
  /** How many times slower than this machine the page's processor runs (Chrome DevTools' emulation). */
  cpuSlowdown: number;
  /** A phone's slow 4G line (Lighthouse's), instead of the loopback's speed. */
  isSlowNetwork?: boolean;
  /** Hold the page's scripts until the action is made, so that it always lands before hydration. */
  holdsScripts?: boolean;
  /** The page without the script that holds actions: the mechanism switched off, to show the test can fail. */
  withoutHeldActions?: boolean;
  /** How long the outcome may take to show. */
  timeoutMs?: number;
};

/** Lighthouse's mobile throttling: 150 ms, 1.6 Mbit/s down, 750 kbit/s up. */
const slow4g = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/**
 * One person, one action: a fresh visitor opens the page and acts as soon as the control shows.
 * Resolves with whether they saw its outcome. Each visitor comes from their own address (the site
 * must trust one proxy: TRUST_PROXY=1), so the forms' per-address limits count each as one person.
 */
export async function tryFirstAction(
  browser: Browser,
  baseURL: string,
  language: Language,
  action: FirstAction,
  { cpuSlowdown, isSlowNetwork = false, holdsScripts = false, withoutHeldActions = false, timeoutMs = 20_000 }: ActionConditions,
  visitorNumber: number,
): Promise<{ worked: boolean; error?: string; interactionMs?: number }> {
  const t = translator(language);
  const context = await browser.newContext({
    baseURL,
    locale: { es: 'es-ES', en: 'en-GB', fr: 'fr-FR' }[language],
    timezoneId: 'Europe/Madrid',
    viewport: action.isPhone ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    extraHTTPHeaders: { 'X-Forwarded-For': `10.${(visitorNumber >> 16) & 255}.${(visitorNumber >> 8) & 255}.${visitorNumber & 255}` },
  });
  if (!action.withoutCookieChoice) await context.addInitScript({ content: "window.localStorage.setItem('cookie-consent', 'rejected')" });
  // Interaction to Next Paint, as the web-vitals library reads it: the longest event of an interaction.
  await context.addInitScript({
    content:
      'window.longestInteraction=0;try{new PerformanceObserver(function(l){l.getEntries().forEach(function(e){if(e.interactionId)window.longestInteraction=Math.max(window.longestInteraction,e.duration)})})' +
      ".observe({type:'event',durationThreshold:16,buffered:true})}catch(e){}",
  });
  const page = await context.newPage();
  page.setDefaultTimeout(timeoutMs);
  try {
    const devtools = await context.newCDPSession(page);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    if (isSlowNetwork) {
      await devtools.send('Network.enable');
      await devtools.send('Network.emulateNetworkConditions', slow4g);
    }
    let releaseScripts = () => {};
    const scriptsReleased = new Promise<void>((resolve) => {
      releaseScripts = resolve;
    });
    const holds = holdsScripts && !action.isDrawnByReact;
    if (holds) {
      await page.route(/\/assets\/.+\.js$/, async (route) => {
        await scriptsReleased;
        await route.continue();
      });
    }
    if (withoutHeldActions) {
      await page.route(
        (url) => url.pathname === localizedPath(action.path, language),
        async (route) => {
          const response = await route.fetch();
          const html = (await response.text()).replace(`<script>${heldActionsScript}</script>`, '');
          await route.fulfill({ response, body: html });
        },
      );
    }
    await page.goto(localizedPath(action.path, language), { waitUntil: 'commit' });
    // As soon as the page shows: a person sees nothing before its first paint (the stylesheet comes first).
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { polling: 50 });
    await action.act(page, t, language);
    releaseScripts();
    await action.outcome(page, t, language);
    // The event's entry is reported once its next frame has been presented.
    const interactionMs = Number(await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(window.longestInteraction), 100)))'));
    return { worked: true, interactionMs };
  } catch (error) {
    return { worked: false, error: error instanceof Error ? error.message.split('\n')[0] : String(error) };
  } finally {
    await context.close();
  }
}

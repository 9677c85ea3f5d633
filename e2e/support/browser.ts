import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { chromiumPath } from './chromium.mjs';

/** Chromium's own camera (a moving test pattern) given to every page that asks, without asking the person. */
const fakeCamera = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

export function launchBrowser({ hasFakeCamera = false }: { hasFakeCamera?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...(hasFakeCamera ? fakeCamera : []),
    ],
  });
}

/** What the Content-Security-Policy refused on the page, as the browser reported it. */
type CspWindow = Window & { cspViolations?: string[] };

/**
 * A fresh visitor: empty storage, Spanish browser, Madrid clock (and any other context option,
 * such as a phone's viewport); what the CSP refuses is noted.
 */
export function newVisitor(
  browser: Browser,
  baseURL: string,
  storage: Record<string, string> = {},
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser
    .newContext({ baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid', ...options })
    .then(async (context) => {
      await context.addInitScript(() => {
        const violations: string[] = [];
        (window as CspWindow).cspViolations = violations;
        document.addEventListener('securitypolicyviolation', (event) => {
          violations.push(`${event.violatedDirective} refused ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
        });
      });
      // No wait for hydration before acting: a person presses what they see, and the page holds
      // the press until it answers (ADR 034).
      context.on('page', notePageErrors);
      if (Object.keys(storage).length > 0) {
        await context.addInitScript((entries) => {
          // A new tab's about:blank runs it too, and has no storage; so does a PDF shown in a frame (the back office's preview).
          if (window.location.origin === 'null' || !window.localStorage) return;
          for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
        }, storage);
      }
      return context;
    });
}

/** The errors a page threw and nobody caught, React's recovered hydration errors included (it reports them so). */
const pageErrors = new WeakMap<Page, string[]>();

function notePageErrors(page: Page) {
  const errors: string[] = [];
  pageErrors.set(page, errors);
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
}

/** Waits until React drives the page: only to check the settled page after acting, never before pressing anything. */
export function untilInteractive(page: Page) {
  return page.waitForFunction(() => document.documentElement.dataset.interactive === 'true');
}

/** Visitors who already chose about cookies, so the banner stays out of the way. */
export const consented = { 'cookie-consent': 'rejected' };

/** A phone (390 × 844, touch) whose browser speaks `language`: it sends it on every request, so a sign-in remembers it as the account's. */
export const phoneIn = (language: string) =>
  ({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: language, extraHTTPHeaders: { 'accept-language': language } }) satisfies BrowserContextOptions;

/**
 * Every page a browser test visits must pass axe-core with no violation, have had nothing refused
 * by the CSP, and have thrown no error since the tab opened.
 */
export async function expectHealthyPage(page: Page) {
  // Check the settled page: React driving it (after a language switch's load too), its title
  // rendered and its entrance animations finished.
  await page.waitForFunction(() => document.title !== '' && document.documentElement.dataset.interactive === 'true');
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary).toEqual([]);
  expect(await page.evaluate(() => (window as CspWindow).cspViolations ?? [])).toEqual([]);
  expect(pageErrors.get(page) ?? []).toEqual([]);
}

/** Waits for the toast with this title; found by its text, since an open dialog hides the rest of the page from the accessibility tree. */
export async function expectToast(page: Page, title: string) {
  await page.locator('[data-radix-collection-item]').getByText(title, { exact: true }).waitFor({ timeout: 10_000 });
}

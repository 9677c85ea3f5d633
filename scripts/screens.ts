/**
 * npm run screens [-- DIR]: the built site on a temporary DATA_DIR, with a client (a paid consultation,
 * a paid case, a cancelled checkout) and an admin, photographed as a person would see it: the home,
 * services, contact, panel and admin pages, on a phone (390×844) and a desktop (1280×800), in es,
 * en and fr. The PNGs go to DIR (./screens by default), named <language>-<width>-<page>.png.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { languages } from '#common/i18n/languages.ts';
import { startMailCapture } from '#server/test/mail-capture.ts';
import { createAdmin, createClient, sampleAdmin, sampleClient, signIn, type Account } from '../e2e/support/accounts.ts';
import { consented, launchBrowser, newVisitor } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';
import { buildWeb, isWebBuildStale } from './lib/web-build.mjs';

const outDir = path.resolve(process.argv[2] ?? 'screens');
const viewports = [
  { width: 390, height: 844, isMobile: true, hasTouch: true },
  { width: 1280, height: 800, isMobile: false, hasTouch: false },
];
const pages: { name: string; path: string; as?: Account }[] = [
  { name: 'home', path: '/' },
  { name: 'services', path: '/servicios' },
  { name: 'contact', path: '/contacto' },
  { name: 'panel', path: '/panel', as: sampleClient },
  { name: 'admin', path: '/admin?tab=clientes', as: sampleAdmin },
];

if (isWebBuildStale()) await buildWeb();
fs.mkdirSync(outDir, { recursive: true });
const mail = await startMailCapture();
// Outside the test run there is no migrated copy to start from: the server migrates an empty DATA_DIR.
const server = await startServer({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'screens-')), env: { SMTP_URL: mail.url } });
const browser = await launchBrowser();
try {
  createAdmin(server.dataDir);
  await createClient(server.url, mail, { paid: ['express', 'arraigo'], cancelled: ['scheduled'] });
  for (const language of languages) {
    for (const { isMobile, hasTouch, ...viewport } of viewports) {
      for (const page of pages) {
        const context = await newVisitor(browser, server.url, { ...consented, lang: language }, { viewport, isMobile, hasTouch });
        if (page.as) await signIn(context, page.as);
        const tab = await context.newPage();
        await tab.goto(page.path, { waitUntil: 'networkidle' });
        // The settled page: its title set, its entrance animations over, no spinner left.
        await tab.waitForFunction(() => document.title !== '' && !document.querySelector('[role="status"][aria-busy="true"]'));
        await tab.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
        const file = path.join(outDir, `${language}-${viewport.width}-${page.name}.png`);
        await tab.screenshot({ path: file, fullPage: true });
        process.stdout.write(`${path.relative(process.cwd(), file)}\n`);
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
  await mail.close();
}

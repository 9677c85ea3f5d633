import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { languages } from '#common/i18n/languages.ts';
import { launchBrowser } from './support/browser.ts';
import { firstActions, tryFirstAction } from './support/first-actions.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * A quick person on a slow phone (ADR 034): every control of the public pages pressed as soon as it
 * shows, on a processor four times slower, with the page's scripts held back until the press is
 * made, so that it always lands before the page answers. Each must still do what it says, once.
 */
describe('the first action on a public page, before it has hydrated', () => {
  let server: RunningServer;
  let browser: Browser;
  let visitors = 0;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { TRUST_PROXY: '1' } }), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const language of languages) {
    for (const action of firstActions) {
      it(`${language} · ${action.name}`, async () => {
        visitors += 1;
        const result = await tryFirstAction(browser, server.url, language, action, { cpuSlowdown: 4, holdsScripts: true }, visitors);
        expect(result).toMatchObject({ worked: true });
      });
    }
  }

  it('loses the press without the script that holds it: the test above can fail', async () => {
    visitors += 1;
    const [hire] = firstActions.filter((action) => action.name.startsWith("services: the express consultation's hire button"));
    if (!hire) throw new Error('the hire button has no first action');
    const result = await tryFirstAction(browser, server.url, 'es', hire, { cpuSlowdown: 4, holdsScripts: true, withoutHeldActions: true, timeoutMs: 5_000 }, visitors);
    expect(result.worked).toBe(false);
  });
});

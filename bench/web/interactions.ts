import { chromium } from 'playwright-core';
import { chromiumPath } from '../../e2e/support/chromium.mjs';
import { firstActions, tryFirstAction } from '../../e2e/support/first-actions.ts';
import type { Goal } from '../report.ts';
import { median, round } from '../stats.ts';

/** The controls whose Interaction to Next Paint is a goal: the hire button and a form's submit. */
const measured = [
  { label: 'the hire button (/servicios)', name: "services: the express consultation's hire button" },
  { label: "the contact form's submit (/contacto)", name: '/contacto: the empty form' },
];
const runs = 5;

/**
 * Interaction to Next Paint of a first press made as soon as the control shows, under Lighthouse's
 * mobile throttling (a 4× slower CPU and slow 4G, here emulated by Chromium itself), in fresh
 * visitors: the press often lands while the page hydrates, which is when a long task would delay it.
 */
export async function measureInteractions(origin: string, say: (line: string) => void): Promise<Goal[]> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const goals: Goal[] = [];
    for (const { label, name } of measured) {
      const action = firstActions.find((candidate) => candidate.name.startsWith(name));
      if (!action) throw new Error(`no first action named ${name}`);
      const figures: number[] = [];
      for (let run = 0; run < runs; run++) {
        const result = await tryFirstAction(browser, origin, 'es', action, { cpuSlowdown: 4, isSlowNetwork: true, timeoutMs: 30_000 }, run + 1);
        if (!result.worked || result.interactionMs === undefined) throw new Error(`${label}: ${result.error ?? 'no interaction measured'}`);
        figures.push(result.interactionMs);
      }
      say(`  ${label}: INP ${figures.map((ms) => round(ms, 0)).join(', ')} ms`);
      goals.push({ scenario: `Interaction to Next Paint (median of ${runs})`, measure: label, value: median(figures), unit: 'ms', comparison: '≤', target: 200, detail: `runs ${figures.map((ms) => round(ms, 0)).join(', ')} ms` });
    }
    return goals;
  } finally {
    await browser.close();
  }
}

// `npm run bench:actions`: how often a quick person's first press on a public page does what it
// says (ADR 034). Every control of e2e/support/first-actions.ts, in es, en and fr, pressed as soon
// as it shows, ten times each on a processor 4× and 6× slower and Lighthouse's slow 4G line, with
// nothing held back: the page loads at its own pace, as on a phone. Never part of `npm test`.
// Options: `--runs N` (10), `--slowdowns 4,6`, `--languages es,en,fr`, `--only TEXT` (controls whose
// name has it), `--visitors N` (3 at a time, each in its own browser context).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { isLanguage } from '#common/i18n/languages.ts';
import { chromiumPath } from '../../e2e/support/chromium.mjs';
import { firstActions, tryFirstAction } from '../../e2e/support/first-actions.ts';
import { buildServer, isServerBuildStale } from '../../scripts/lib/server-build.mjs';
import { buildWeb, isWebBuildStale } from '../../scripts/lib/web-build.mjs';
import { describeMachine } from '../machine.ts';
import { startProduct } from '../product.ts';
import { writeReport } from '../report.ts';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    slowdowns: { type: 'string', default: '4,6' },
    languages: { type: 'string', default: 'es,en,fr' },
    only: { type: 'string', default: '' },
    visitors: { type: 'string', default: '3' },
  },
});
const runs = Number(options.runs);
const slowdowns = options.slowdowns.split(',').map(Number);
const languages = options.languages.split(',').filter(isLanguage);
const actions = firstActions.filter((action) => action.name.includes(options.only));

const say = (line: string) => process.stdout.write(`${line}\n`);
const reportFile = path.join(import.meta.dirname, 'last-report.json');

const machine = describeMachine();
say(`npm run bench:actions: ${machine.cores} cores (${machine.cpuModel}), Node ${machine.node}, 1-minute load average ${os.loadavg()[0]?.toFixed(2)}`);
say(`${actions.length} controls × ${languages.length} languages × CPU ${slowdowns.map((rate) => `${rate}×`).join(' and ')} on slow 4G, ${runs} fresh visitors each`);
if (isWebBuildStale()) await buildWeb();
if (isServerBuildStale()) await buildServer();

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-actions-'));
// Each visitor comes from an address of their own, as people do (first-actions.ts).
process.env.TRUST_PROXY = '1';
const product = await startProduct({ dataDir: path.join(workDir, 'data') }, workDir);
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

type Count = { control: string; language: string; cpuSlowdown: number; worked: number; tried: number; runs: number; errors: string[] };
const counts: Count[] = slowdowns.flatMap((cpuSlowdown) =>
  actions.flatMap((action) => languages.map((language) => ({ control: action.name, language, cpuSlowdown, worked: 0, tried: 0, runs, errors: [] }))),
);
const line = (count: Count) =>
  `  ${`${count.worked}/${count.runs}`.padStart(5)}  CPU ${count.cpuSlowdown}×  ${count.language}  ${count.control}${count.errors.length > 0 ? `  (${count.errors[0]})` : ''}`;
const tries = counts.flatMap((count) => Array.from({ length: runs }, () => count));
let visitor = 0;
/** One of the visitors acting at once: takes the next try until none is left. */
async function visit() {
  for (let count = tries.shift(); count; count = tries.shift()) {
    visitor += 1;
    const action = actions.find((candidate) => candidate.name === count.control);
    if (!action) throw new Error(`no control named ${count.control}`);
    const conditions = { cpuSlowdown: count.cpuSlowdown, isSlowNetwork: true, timeoutMs: 30_000 };
    const result = await tryFirstAction(browser, product.url, count.language as (typeof languages)[number], action, conditions, visitor);
    if (result.worked) count.worked += 1;
    else if (result.error) count.errors.push(result.error);
    count.tried += 1;
    // Each control's count as soon as it is complete: a long run stopped early still says what it measured.
    if (count.tried === runs) say(line(count));
  }
}
try {
  await Promise.all(Array.from({ length: Number(options.visitors) }, visit));
  say('\nAll the counts:');
  for (const count of counts) say(line(count));
} finally {
  await browser.close();
  await product.stop();
  fs.rmSync(workDir, { recursive: true, force: true });
}

const failing = counts.filter((count) => count.worked < count.runs);
say(failing.length === 0 ? `\nEvery press worked: ${counts.length * runs} of ${counts.length * runs}.` : `\n${failing.length} of ${counts.length} controls lost a press.`);
writeReport(reportFile, { machine, loadAverage: os.loadavg(), runs, counts });
say(`Every count: ${path.relative(process.cwd(), reportFile)}`);
process.exitCode = failing.length === 0 ? 0 : 1;

// `npm run bench:web`: what a phone visitor's browser makes of the public pages (README,
// "Performance"). Lighthouse 12 in its default mobile emulation (Moto G Power screen, slow 4G and
// a 4× slower CPU, simulated), three runs a page, on the built site and on plain static copies of
// the same pages without any script: our LCP is judged against theirs. Never part of `npm test`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumPath } from '../../e2e/support/chromium.mjs';
import { buildWeb, isWebBuildStale } from '../../scripts/lib/web-build.mjs';
import { describeMachine } from '../machine.ts';
import { startProduct } from '../product.ts';
import { runScript } from '../processes.ts';
import { printGoals, writeReport, type Goal } from '../report.ts';
import { median, round } from '../stats.ts';
import { measureInteractions } from './interactions.ts';
import { saveStaticCopies, startStaticServer } from './static-copy.ts';

// `npm run bench:web -- /servicios /en/` measures only the pages named.
const givenPages = process.argv.slice(2).filter((argument) => argument.startsWith('/'));
const pages = givenPages.length > 0 ? givenPages : ['/', '/servicios', '/noticias', '/contacto', '/en/', '/fr/extranjeria/reagrupacion', '/extranjeria/arraigo'];
const runsPerPage = 3;
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const chromeFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

type Run = {
  scores: Record<(typeof categories)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The audits of accessibility, best practices and SEO that failed: what to fix for a 100. */
  failed?: string[];
  /** The element Chromium counted as the largest paint (its opening tag). */
  lcpElement?: string;
};

/** The first DOM node an audit's details name, as Lighthouse quotes it. */
function firstSnippet(details: unknown): string | undefined {
  if (typeof details !== 'object' || details === null) return undefined;
  const node = (details as { node?: { snippet?: string } }).node;
  if (node?.snippet) return node.snippet;
  for (const value of Object.values(details)) {
    const found = firstSnippet(value);
    if (found) return found;
  }
  return undefined;
}
type PageFigures = { path: string; runs: Run[]; median: Run };

const say = (line: string) => process.stdout.write(`${line}\n`);
const reportFile = path.join(import.meta.dirname, 'last-report.json');

async function audit(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...categories] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failed = categories
    .filter((id) => id !== 'performance')
    .flatMap((id) => lhr.categories[id]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
  return {
    failed,
    lcpElement: firstSnippet(lhr.audits['largest-contentful-paint-element']?.details),
    scores: Object.fromEntries(categories.map((id) => [id, Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100)])) as Run['scores'],
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
  };
}

function medianRun(runs: Run[]): Run {
  return {
    scores: Object.fromEntries(categories.map((id) => [id, median(runs.map((run) => run.scores[id]))])) as Run['scores'],
    lcpMs: median(runs.map((run) => run.lcpMs)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
    cls: median(runs.map((run) => run.cls)),
  };
}

/** One run in a fresh Chromium (no cache, no storage carried over); a trace a busy machine spoiled (NO_NAVSTART…) is taken again. */
async function auditInFreshChromium(url: string): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags });
    try {
      return await audit(url, chrome.port);
    } catch (error) {
      if (attempt === 3) throw error;
      say(`  ${(error as Error).message.split('\n')[0]}; again`);
    } finally {
      chrome.kill();
    }
  }
}

/** Three Lighthouse runs of each page. */
async function measure(origin: string, paths: string[]): Promise<PageFigures[]> {
  const figures: PageFigures[] = [];
  for (const pagePath of paths) {
    const runs: Run[] = [];
    for (let run = 0; run < runsPerPage; run++) runs.push(await auditInFreshChromium(`${origin}${pagePath}`));
    const page = { path: pagePath, runs, median: medianRun(runs) };
    const failed = [...new Set(runs.flatMap((run) => run.failed ?? []))];
    say(
      `  ${pagePath.padEnd(12)} performance ${page.median.scores.performance}, LCP ${round(page.median.lcpMs, 0)} ms, TBT ${round(page.median.tbtMs, 0)} ms, CLS ${round(page.median.cls, 3)}${failed.length > 0 ? `; failed: ${failed.join(', ')}` : ''}`,
    );
    figures.push(page);
  }
  return figures;
}

function goalsOf(product: PageFigures[], staticCopies: PageFigures[]): Goal[] {
  return product.flatMap(({ path: pagePath, median: ours }) => {
    const theirs = staticCopies.find((page) => page.path === pagePath)?.median;
    const scenario = `Page ${pagePath} (median of ${runsPerPage})`;
    const score = (id: (typeof categories)[number], target: number): Goal => ({
      scenario,
      measure: `${id} score`,
      value: ours.scores[id],
      unit: '',
      comparison: target === 100 ? '=' : '≥',
      target,
      detail: `runs ${product.find((page) => page.path === pagePath)?.runs.map((run) => run.scores[id]).join(', ')}`,
    });
    return [
      score('performance', 95),
      score('accessibility', 100),
      score('best-practices', 100),
      score('seo', 100),
      { scenario, measure: 'CLS', value: round(ours.cls, 3), unit: '', comparison: '<', target: 0.05, detail: '' },
      {
        scenario,
        measure: 'LCP vs the static copy',
        value: theirs ? ours.lcpMs / theirs.lcpMs : Number.NaN,
        unit: '×',
        comparison: '≤',
        target: 1.1,
        detail: `${round(ours.lcpMs, 0)} ms vs ${theirs ? round(theirs.lcpMs, 0) : '?'} ms; TBT ${round(ours.tbtMs, 0)} ms`,
      },
    ];
  });
}

const machine = describeMachine();
say(`npm run bench:web: ${machine.cores} cores (${machine.cpuModel}), ${machine.memoryGiB} GiB, Node ${machine.node}, Chromium ${chromiumPath() ?? '(not found)'}`);
say(`1-minute load average at the start: ${os.loadavg()[0]?.toFixed(2)} (Lighthouse's figures grow with a busy machine's)`);
if (isWebBuildStale()) {
  say('Building the site…');
  await buildWeb();
}

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
const dataDir = path.join(workDir, 'data');
say('Preparing: 6 news articles…');
await runScript('bench/seed-news.ts', [], { DATA_DIR: dataDir, DATABASE_URL: undefined, BENCH_ARTICLES: '6' });

const product = await startProduct({ dataDir }, workDir);
let report: unknown;
try {
  const present: string[] = [];
  const missing: { path: string; status: number }[] = [];
  for (const pagePath of pages) {
    const response = await fetch(`${product.url}${pagePath}`);
    await response.arrayBuffer();
    if (response.ok) present.push(pagePath);
    else missing.push({ path: pagePath, status: response.status });
  }
  for (const page of missing) say(`  ${page.path}: answered ${page.status}, so not measured`);

  say(`\nThe site (${product.url}):`);
  const productFigures = await measure(product.url, present);

  const staticDir = path.join(workDir, 'static');
  const copies = await saveStaticCopies(product.url, present, staticDir);
  const staticServer = await startStaticServer(staticDir);
  let staticFigures: PageFigures[];
  try {
    say(`\nThe same pages as static files without scripts (${copies.source}):`);
    staticFigures = await measure(staticServer.url, present);
  } finally {
    await staticServer.stop();
  }

  say('\nA first press as soon as the control shows (4× CPU, slow 4G):');
  const interactionGoals = await measureInteractions(product.url, say);

  const goals = [...goalsOf(productFigures, staticFigures), ...interactionGoals];
  printGoals(goals, say);
  report = { machine, loadAverage: os.loadavg(), missing, staticSource: copies.source, product: productFigures, static: staticFigures, goals };
} finally {
  await product.stop();
  fs.rmSync(workDir, { recursive: true, force: true });
}
writeReport(reportFile, report);
say(`\nEvery run's figures: ${path.relative(process.cwd(), reportFile)}`);

// `npm run budgets`: the built site's weight, gzipped as it travels, against the budgets below.
// Exits 1 when one is exceeded. Size is checked on build output, never by timing tests.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildWeb, isWebBuildStale, root } from './lib/web-build.mjs';

const kilobyte = 1024;

/**
 * What a first visit downloads before the page can draw (the entry script, what it preloads and
 * the stylesheet), the largest chunk a later page loads, and everything together. Raise one only
 * with a reason in the commit that does it.
 */
const budgets = {
  initialScripts: 180 * kilobyte,
  initialStyles: 15 * kilobyte,
  largestLazyChunk: 60 * kilobyte,
  everything: 540 * kilobyte,
};

const webDir = path.join(root, 'dist/web');
const assetsDir = path.join(webDir, 'assets');

const gzippedSize = (file) => zlib.gzipSync(fs.readFileSync(path.join(assetsDir, file)), { level: 9 }).length;

/** The assets index.html names (entry script, modulepreloads, stylesheets). */
function initialAssets() {
  const shell = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  return [...shell.matchAll(/(?:src|href)="\/assets\/([^"]+)"/g)].map((match) => match[1]);
}

if (isWebBuildStale()) await buildWeb();

const initial = initialAssets();
const code = fs.readdirSync(assetsDir).filter((file) => /\.(js|css)$/.test(file));
const sizes = new Map(code.map((file) => [file, gzippedSize(file)]));
const sum = (files) => files.reduce((total, file) => total + (sizes.get(file) ?? 0), 0);
const lazyChunks = code.filter((file) => file.endsWith('.js') && !initial.includes(file));
const largestLazy = lazyChunks.reduce((largest, file) => ((sizes.get(file) ?? 0) > (sizes.get(largest) ?? 0) ? file : largest), lazyChunks[0]);

const measured = {
  initialScripts: sum(initial.filter((file) => file.endsWith('.js'))),
  initialStyles: sum(initial.filter((file) => file.endsWith('.css'))),
  largestLazyChunk: sizes.get(largestLazy) ?? 0,
  everything: sum(code),
};

const kb = (bytes) => `${(bytes / kilobyte).toFixed(1)} KB`;
let isOver = false;
for (const [name, limit] of Object.entries(budgets)) {
  const size = measured[name];
  const isWithin = size <= limit;
  if (!isWithin) isOver = true;
  const detail = name === 'largestLazyChunk' ? ` (${largestLazy})` : '';
  process.stdout.write(`${isWithin ? '✓' : '✗'} ${name}: ${kb(size)} of ${kb(limit)} gzipped${detail}\n`);
}
process.exit(isOver ? 1 : 0);

// `npm run budgets`: the built site's weight, gzipped as it travels, against the budgets below.
// Exits 1 when one is exceeded. Size is checked on build output, never by timing tests.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { tsImport } from 'tsx/esm/api';
import { buildWeb, isWebBuildStale, root } from './lib/web-build.mjs';

const kilobyte = 1024;

/**
 * Read from Vite's manifest (dist/web/.vite/manifest.json):
 * - initialScripts: what every first visit loads before any page: the entry chunk and every chunk
 *   it imports statically (index.html's module preloads).
 * - publicFirstVisit: the scripts a first visit to a public page loads before it can be used:
 *   initialScripts plus the heaviest of the public pages' routes below, counted as its route chunk
 *   and the chunks that one imports statically which the entry does not already load.
 * - initialStyles: the stylesheets index.html links.
 * - largestLazyChunk: the largest single script chunk a later page loads.
 * - everything: every script and stylesheet together (the catalogs are JSON files, fetched one by one: not counted).
 * Raise one only with a reason in the commit that does it.
 */
const budgets = {
  publicFirstVisit: 111 * kilobyte,
  initialScripts: 140 * kilobyte,
  initialStyles: 15 * kilobyte,
  largestLazyChunk: 60 * kilobyte,
  everything: 450 * kilobyte,
};

/**
 * Every page a visit can begin on with the server's HTML, read from the page table
 * (common/pages.ts: drawn on the server), by its route module (web/app/routes/site/<page>-page.tsx),
 * and the 404 page. Not a page drawn only with a query (/iniciar-tramite: it is reached only from
 * a service's link, a visit straight to it goes to /servicios, after the visitor has acted).
 */
const { pageRoutes } = await tsImport('../common/pages.ts', import.meta.url);
const publicPageRoutes = [
  ...new Set(pageRoutes.filter((route) => route.rendering && !route.renderedWithQuery).map((route) => `${route.page}-page.tsx`)),
  'not-found-page.tsx',
].map((file) => `app/routes/site/${file}`);

const webDir = path.join(root, 'dist/web');
const assetsDir = path.join(webDir, 'assets');

const gzippedSize = (file) => zlib.gzipSync(fs.readFileSync(path.join(assetsDir, file)), { level: 9 }).length;

if (isWebBuildStale()) await buildWeb();

const manifest = JSON.parse(fs.readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8'));

/** A chunk and every chunk it imports statically, as manifest keys. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const fileOf = (key) => path.basename(manifest[key].file);
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entryChunks = staticClosure(entryKey);
const initialStyles = [...entryChunks].flatMap((key) => manifest[key].css ?? []).map((file) => path.basename(file));

const code = fs.readdirSync(assetsDir).filter((file) => /\.(js|css)$/.test(file));
const sizes = new Map(code.map((file) => [file, gzippedSize(file)]));
const sum = (files) => files.reduce((total, file) => total + (sizes.get(file) ?? 0), 0);

const routeWeights = publicPageRoutes.map((route) => {
  if (!manifest[route]) throw new Error(`${route} is not a chunk of the build: update publicPageRoutes`);
  const own = [...staticClosure(route)].filter((key) => !entryChunks.has(key));
  return { route, size: sum(own.map(fileOf)) };
});
const heaviestRoute = routeWeights.reduce((heaviest, route) => (route.size > heaviest.size ? route : heaviest));

const initialFiles = new Set([...entryChunks].map(fileOf));
const lazyChunks = code.filter((file) => file.endsWith('.js') && !initialFiles.has(file));
const largestLazy = lazyChunks.reduce((largest, file) => ((sizes.get(file) ?? 0) > (sizes.get(largest) ?? 0) ? file : largest), lazyChunks[0]);

const measured = {
  initialScripts: sum([...initialFiles]),
  publicFirstVisit: sum([...initialFiles]) + heaviestRoute.size,
  initialStyles: sum(initialStyles),
  largestLazyChunk: sizes.get(largestLazy) ?? 0,
  everything: sum(code),
};

const kb = (bytes) => `${(bytes / kilobyte).toFixed(1)} KB`;
const details = {
  publicFirstVisit: ` (initialScripts + ${path.basename(heaviestRoute.route)} ${kb(heaviestRoute.size)}; ${routeWeights
    .map((route) => `${path.basename(route.route, '.tsx')} ${kb(route.size)}`)
    .join(', ')})`,
  largestLazyChunk: ` (${largestLazy})`,
};
let isOver = false;
for (const [name, limit] of Object.entries(budgets)) {
  const size = measured[name];
  const isWithin = size <= limit;
  if (!isWithin) isOver = true;
  process.stdout.write(`${isWithin ? '✓' : '✗'} ${name}: ${kb(size)} of ${kb(limit)} gzipped${details[name] ?? ''}\n`);
}
process.exit(isOver ? 1 : 0);

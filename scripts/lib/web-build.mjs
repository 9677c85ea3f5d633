import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
const builtShell = path.join(root, 'dist/web/index.html');
/** The server's renderer of the public pages (web/entry-server.tsx), built after the browser's bundle. */
const builtRenderer = path.join(root, 'dist/ssr/entry-server.js');
/** Where the browser build's source maps go: beside the site, never in it, so no address reaches them. */
export const builtSourceMaps = path.join(root, 'dist/sourcemaps');
const inputs = ['web', 'common', 'vite.config.ts', 'vite.catalogs.ts', 'package-lock.json', 'tsconfig.json', 'scripts/lib/web-build.mjs'];

/** The newest modification time below a file or folder (0 when it is missing). */
export function newestChange(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

/** The site is rebuilt when the build is missing or any of its inputs changed after it. */
export function isWebBuildStale() {
  const built = [builtShell, builtRenderer].map((file) => fs.statSync(file, { throwIfNoEntry: false }));
  if (built.some((stat) => !stat)) return true;
  const builtAt = Math.min(...built.map((stat) => stat.mtimeMs));
  return inputs.some((input) => newestChange(path.join(root, input)) > builtAt);
}

/**
 * Brotli and gzip copies of every text file of the browser's build, made once here at the
 * strongest levels rather than on each request: the server sends the one a browser accepts.
 */
function precompress(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) precompress(file);
    else if (/\.(js|css|svg|json|txt|xml)$/.test(entry.name) && fs.statSync(file).size > 1024) {
      const content = fs.readFileSync(file);
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
    }
  }
}

/** Moves every source map of `dir` to the same place under `target`, emptied first. */
function moveSourceMaps(dir, target) {
  fs.rmSync(target, { recursive: true, force: true });
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.map')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const moved = path.join(target, path.relative(dir, file));
    fs.mkdirSync(path.dirname(moved), { recursive: true });
    fs.renameSync(file, moved);
  }
}

/** Always a production build, whatever NODE_ENV the caller runs under (tests run under 'test'). */
export async function buildWeb() {
  const { build } = await import('vite');
  const callerEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const options = { root: path.join(root, 'web'), configFile: path.join(root, 'vite.config.ts'), mode: 'production', logLevel: 'warn' };
    await build(options);
    moveSourceMaps(path.join(root, 'dist/web'), builtSourceMaps);
    precompress(path.join(root, 'dist/web'));
    await build({
      ...options,
      build: {
        ssr: 'entry-server.tsx',
        outDir: path.join(root, 'dist/ssr'),
        emptyOutDir: true,
        sourcemap: false,
        copyPublicDir: false,
      },
    });
  } finally {
    if (callerEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = callerEnv;
  }
}

import fs from 'node:fs';
import path from 'node:path';
import { newestChange, root } from './web-build.mjs';

/** The server as `npm start` runs it: its TypeScript compiled once, not through a loader at every start. */
export const builtServer = path.join(root, 'dist/server/main.mjs');
const inputs = ['server', 'common', 'package-lock.json', 'tsconfig.json'];

export function isServerBuildStale() {
  const built = fs.statSync(builtServer, { throwIfNoEntry: false });
  return !built || inputs.some((input) => newestChange(path.join(root, input)) > built.mtimeMs);
}

/**
 * Bundles server/main.ts and what it imports of server/ and common/ into one file; the packages
 * stay in node_modules. Each file is written beside and renamed into place, so a server starting
 * meanwhile (tests start several at once) reads the old build or the new one, never half of one.
 */
export async function buildServer() {
  const { build } = await import('esbuild');
  const { outputFiles } = await build({
    absWorkingDir: root,
    entryPoints: ['server/main.ts'],
    outfile: builtServer,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    write: false,
    logLevel: 'warning',
  });
  fs.mkdirSync(path.dirname(builtServer), { recursive: true });
  // The map first: the bundle's new mtime is what marks the build fresh.
  const isMap = (file) => file.path.endsWith('.map');
  for (const file of [...outputFiles.filter(isMap), ...outputFiles.filter((file) => !isMap(file))]) {
    const written = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(written, file.contents);
    fs.renameSync(written, file.path);
  }
}

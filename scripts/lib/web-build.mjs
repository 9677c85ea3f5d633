import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
const builtShell = path.join(root, 'dist/web/index.html');
const inputs = ['web', 'common', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'];

function newestChange(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

/** The site is rebuilt when the build is missing or any of its inputs changed after it. */
export function isWebBuildStale() {
  const built = fs.statSync(builtShell, { throwIfNoEntry: false });
  if (!built) return true;
  return inputs.some((input) => newestChange(path.join(root, input)) > built.mtimeMs);
}

/** Always a production build, whatever NODE_ENV the caller runs under (tests run under 'test'). */
export async function buildWeb() {
  const { build } = await import('vite');
  const callerEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: path.join(root, 'web'), configFile: path.join(root, 'vite.config.ts'), mode: 'production', logLevel: 'warn' });
  } finally {
    if (callerEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = callerEnv;
  }
}

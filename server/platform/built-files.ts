import fs from 'node:fs';
import path from 'node:path';

/**
 * The addresses of the built site's files a browser may ask for, as found at start: every file
 * of `webDir` but the shell's template (pages are answered from it), the brotli and gzip copies
 * (sent in place of their file), source maps and dot folders such as Vite's manifest in .vite/,
 * which name the source files. Names of letters, digits, '.', '_' and '-' only, which the router
 * takes literally (a ':' or '*' would be a pattern).
 */
export function builtFiles(webDir: string): string[] {
  return fs
    .readdirSync(webDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(webDir, path.join(entry.parentPath, entry.name)).split(path.sep))
    .filter((parts) => parts.every((part) => !part.startsWith('.') && /^[\w.-]+$/.test(part)))
    .map((parts) => `/${parts.join('/')}`)
    .filter((url) => url !== '/index.html' && !/\.(br|gz|map)$/.test(url))
    .sort();
}

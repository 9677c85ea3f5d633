import fs from 'node:fs';
import path from 'node:path';

/** What Vite's manifest (dist/web/.vite/manifest.json) says of a chunk: its file, and the chunks it imports statically. */
type Manifest = Record<string, { file: string; imports?: string[] }>;

/** A server-rendered page's scripts, which its loader adds once the page has painted (shell.ts). */
export type PageScripts = { entry: string; preload: string[] };

/** The manifest of the browser's build; undefined where the site was not built. */
export function readManifest(webDir: string): Manifest | undefined {
  const manifestPath = path.join(webDir, '.vite', 'manifest.json');
  return fs.existsSync(manifestPath) ? (JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest) : undefined;
}

/**
 * The entry, then every chunk it imports, then the route modules the page drew and what they
 * import that the entry does not: the route's chunk is asked for with the entry's, where the entry
 * alone would only ask for it once it has run and drawn the route.
 */
export function pageScriptsOf(manifest: Manifest, modules: string[]): PageScripts {
  const chunkOf = (name: string) => {
    const chunk = manifest[name];
    if (!chunk) throw new Error(`Vite's manifest has no ${name}: the browser's and the server's builds differ`);
    return chunk;
  };
  const files = new Set<string>();
  const visit = (name: string) => {
    const { file, imports = [] } = chunkOf(name);
    if (files.has(`/${file}`)) return;
    files.add(`/${file}`);
    for (const imported of imports) visit(imported);
  };
  for (const name of ['index.html', ...modules]) visit(name);
  const entry = `/${chunkOf('index.html').file}`;
  return { entry, preload: [...files].filter((file) => file !== entry) };
}

// `npm start`: build the site and the server if missing or stale, then run the server (which migrates the database).
import { pathToFileURL } from 'node:url';
import { buildServer, builtServer, isServerBuildStale } from './lib/server-build.mjs';
import { buildWeb, isWebBuildStale } from './lib/web-build.mjs';

process.env.NODE_ENV ??= 'production';

if (isWebBuildStale()) {
  process.stdout.write('Building the site…\n');
  await buildWeb();
}
if (isServerBuildStale()) await buildServer();

// Its stack traces name the sources, not the bundle.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(builtServer).href);

// `npm start`: build the site if it is missing or stale, then run the server (which migrates the database).
import { register } from 'tsx/esm/api';
import { buildWeb, isWebBuildStale } from './lib/web-build.mjs';

process.env.NODE_ENV ??= 'production';

if (isWebBuildStale()) {
  process.stdout.write('Building the site…\n');
  await buildWeb();
}

register();
await import('../server/main.ts');

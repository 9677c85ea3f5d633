import { buildServer } from './lib/server-build.mjs';
import { buildWeb } from './lib/web-build.mjs';

await buildWeb();
await buildServer();

import { buildWeb } from './lib/web-build.mjs';

await buildWeb();

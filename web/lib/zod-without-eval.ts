// The site's Content-Security-Policy forbids eval. Left alone, zod probes `new Function` to
// speed up object parsing, and the browser reports the refused probe as a CSP violation.
// vite.config.ts resolves every `import … from 'zod'` of the web build to this module, so
// the setting is in place before any schema exists; the server keeps zod's fast path.
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';

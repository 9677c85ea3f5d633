// `npm run invoices:verify`: checks that no issued invoice was changed, removed or inserted (the
// fingerprint chain) and that the numbers run without gaps; exits 1 with every problem found.
// While a server runs on the embedded database, the server itself checks it.
import { runCommand, runOperation } from '#server/operations/run.ts';

await runCommand((config) => runOperation(config, 'invoices:verify', {}));

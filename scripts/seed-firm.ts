// `npm run seed:firm`: a firm's five years (5,000 clients, 20,000 cases, 200,000 documents, 50,000 payments and invoices,
// 1,000,000 audit entries) into a firm with no case, payment or invoice yet; never run by `npm start`.
import { runCommand, runOperation } from '#server/operations/run.ts';

await runCommand((config) => runOperation(config, 'seed:firm', {}));

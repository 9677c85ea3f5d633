// `npm run seed:demo`: a few news articles for a quick look at the site; never run by `npm start`.
import { runCommand, runOperation } from '#server/operations/run.ts';

await runCommand((config) => runOperation(config, 'seed:demo', {}));

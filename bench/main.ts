// `npm run bench`: the product's speed, memory and start-up beside bare baselines built and
// measured in the same run (README, "Performance"). `--quick`: one short round of each.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, isServerBuildStale } from '../scripts/lib/server-build.mjs';
import { buildWeb, isWebBuildStale } from '../scripts/lib/web-build.mjs';
import { describeMachine, pinSelfToLoadCore } from './machine.ts';
import { createBenchDatabase } from './postgres.ts';
import { runScript } from './processes.ts';
import { printGoals, writeReport } from './report.ts';
import { computeGoals } from './goals.ts';
import { runRound, type Place, type RoundResult } from './round.ts';
import { makeVisitors, productChat, startConversations } from './scenarios/chat.ts';
import { measureMixedLoad, targetAccount } from './scenarios/mixed.ts';
import { answerOf, pageRequest } from './scenarios/reads.ts';
import { firmGoals, firmPlace, measureFirm, type FirmResult } from './scenarios/firm.ts';
import { existingProductStart } from './scenarios/start-up.ts';
import { startProduct } from './product.ts';
import { stopRepeatingAfter } from './quiet.ts';
import { settingsFrom } from './settings.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);
const settings = settingsFrom(process.argv.slice(2));
const reportFile = path.join(import.meta.dirname, 'last-report.json');
const began = performance.now();
// Past this, a disturbed measurement is kept as it is (and marked noisy) rather than taken again.
stopRepeatingAfter(began + (settings.isQuick ? 2 : 7) * 60_000);

pinSelfToLoadCore();
const machine = describeMachine();
say(`npm run bench${settings.isQuick ? ' --quick' : ''}: ${machine.cores} cores (${machine.cpuModel}), Node ${machine.node}, ${machine.pinned ? 'server on core 0, load on core 1' : 'NOT pinned (needs 2 cores and taskset)'}`);

// `npm start` builds a stale site and server before it listens: built here, so no start-up measures a build.
if (isWebBuildStale()) {
  say('Building the site…');
  await buildWeb();
}
if (isServerBuildStale()) await buildServer();

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
const logDir = path.join(workDir, 'logs');
fs.mkdirSync(logDir);
const place: Place = { dataDir: path.join(workDir, 'data') };
const postgresServer = process.env.TEST_DATABASE_URL;

/** The back office on a firm's five years, on PGlite and (with TEST_DATABASE_URL) PostgreSQL in a database of its own. */
async function measureFirms(): Promise<FirmResult[]> {
  say("A firm's five years: the back office's search and lists…");
  const results = [await measureFirm(firmPlace(workDir), 'PGlite', logDir, say)];
  if (postgresServer) {
    const firmDatabase = await createBenchDatabase(postgresServer, 'firm');
    try {
      results.push(await measureFirm(firmPlace(workDir, firmDatabase.url), 'PostgreSQL', logDir, say));
    } finally {
      await firmDatabase.drop();
    }
  }
  return results;
}

if (settings.isFirmOnly) {
  try {
    const firm = await measureFirms();
    const goals = firmGoals(firm);
    writeReport(reportFile, { date: new Date().toISOString(), machine, settings, durationSeconds: Math.round((performance.now() - began) / 1000), goals, firm });
    printGoals(goals, say);
    say(`\n${Math.round((performance.now() - began) / 1000)} s; every figure in ${path.relative(process.cwd(), reportFile)}`);
    fs.rmSync(workDir, { recursive: true, force: true });
  } catch (error) {
    say(`The bench failed: ${(error as Error).stack ?? String(error)}\nLogs kept in ${logDir}`);
    process.exitCode = 1;
  }
  process.exit();
}

const postgres = postgresServer ? await createBenchDatabase(postgresServer) : undefined;

try {
  say('Preparing: 50 news articles, the account the sign-ins aim at, 1,000 chat conversations…');
  const seedEnv = { DATA_DIR: place.dataDir, DATABASE_URL: undefined };
  await runScript('bench/seed-news.ts', [], seedEnv);
  await runScript('scripts/admin-create.ts', ['--email', targetAccount.email, '--password', targetAccount.password], seedEnv);
  const visitors = makeVisitors(settings.chatStreams);
  {
    const product = await startProduct(place, logDir, 'product-setup');
    try {
      await startConversations(productChat(product), visitors);
      place.pageFile = path.join(workDir, 'home.html');
      fs.writeFileSync(place.pageFile, await answerOf(product, pageRequest));
    } finally {
      await product.stop();
    }
  }
  if (postgres) {
    place.postgres = { dataDir: path.join(workDir, 'data-postgres'), databaseUrl: postgres.url };
    await runScript('bench/seed-news.ts', [], { DATA_DIR: place.postgres.dataDir, DATABASE_URL: postgres.url });
  }

  const rounds: RoundResult[] = [];
  const offset = { next: 0 };
  for (let round = 1; round <= settings.rounds; round++) {
    say(`Round ${round} of ${settings.rounds}…`);
    rounds.push(await runRound({ place, visitors, offset, settings, workDir, logDir, say }));
  }

  say('Sustained mixed load…');
  const { server: product } = await existingProductStart(() => startProduct(place, logDir, 'product-mixed'));
  const mixed = await measureMixedLoad(product, settings).finally(() => product.stop());

  const firm = await measureFirms();
  const goals = [...computeGoals(rounds, mixed), ...firmGoals(firm)];
  const durationSeconds = Math.round((performance.now() - began) / 1000);
  writeReport(reportFile, { date: new Date().toISOString(), machine, settings, durationSeconds, goals, rounds, mixed, firm });
  printGoals(goals, say);
  say(`\n${durationSeconds} s; the medians of ${settings.rounds} round(s); every figure in ${path.relative(process.cwd(), reportFile)}`);
  fs.rmSync(workDir, { recursive: true, force: true });
} catch (error) {
  say(`The bench failed: ${(error as Error).stack ?? String(error)}\nLogs kept in ${logDir}`);
  process.exitCode = 1;
} finally {
  await postgres?.drop();
}

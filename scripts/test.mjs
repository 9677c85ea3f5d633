// `npm test`: lint, unused code, types, unit and API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
// then the browser tests one file at a time, then the built site's size budgets. Ends with the plain total of every suite.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumPath } from '../e2e/support/chromium.mjs';
import { root } from './lib/web-build.mjs';

const unhandledErrorsReporter = path.join(root, 'scripts/lib/unhandled-errors-reporter.mjs');

const totals = { passed: 0, failed: 0, skipped: 0 };
/** What went wrong outside the tests' own assertions, repeated just above the total. */
const recap = [];

function run(command, args, extraEnv = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  return result.status === 0;
}

function check(name, command, args) {
  process.stdout.write(`\n▶ ${name}\n`);
  if (run(command, args)) totals.passed += 1;
  else {
    totals.failed += 1;
    process.stdout.write(`✗ ${name} failed\n`);
  }
}

function vitest(name, args) {
  process.stdout.write(`\n▶ ${name}\n`);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vitest-'));
  const report = path.join(folder, 'report.json');
  const unhandledReport = path.join(folder, 'unhandled-errors.json');
  const isOk = run(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, `--reporter=${unhandledErrorsReporter}`],
    { UNHANDLED_ERRORS_FILE: unhandledReport },
  );
  const unhandled = fs.existsSync(unhandledReport) ? JSON.parse(fs.readFileSync(unhandledReport, 'utf8')) : [];
  for (const error of unhandled) {
    const where = [error.testFile, error.testName].filter(Boolean).join(' › ') || 'outside any test file';
    recap.push(`${name}: unhandled ${error.message} (while running ${where})\n${error.stack}`);
  }
  const summary = fs.existsSync(report) ? JSON.parse(fs.readFileSync(report, 'utf8')) : undefined;
  if (!summary) {
    totals.failed += 1;
    process.stdout.write(`✗ ${name} produced no report\n`);
    return;
  }
  // A file whose setup fails reports its tests as skipped: count the file as a failure.
  const brokenFiles = summary.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  for (const file of summary.testResults) {
    const where = path.relative(root, file.name);
    const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
    if (file.status === 'failed' && failedTests.length === 0) recap.push(`${name}: ${where} could not run (${file.message || 'set-up failed'})`);
    for (const test of failedTests) recap.push(`${name}: ${where} › ${test.fullName}`);
  }
  totals.passed += summary.numPassedTests;
  totals.failed += summary.numFailedTests + brokenFiles;
  totals.skipped += summary.numPendingTests + summary.numTodoTests;
  if (!isOk && summary.numFailedTests + brokenFiles === 0) {
    totals.failed += 1;
    if (unhandled.length === 0) recap.push(`${name}: Vitest failed although every test passed`);
  }
}

if (!chromiumPath()) {
  process.stderr.write(
    'Chromium is missing: the browser tests need it. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.\n',
  );
  process.exit(1);
}

check('lint', 'npx', ['eslint', '.']);
// No unused file, export or dependency: knip.json names the entry points that nothing imports.
check('unused code', 'npx', ['knip']);
check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
const apiProjects = ['--project', 'unit', '--project', 'api-pglite'];
if (process.env.TEST_DATABASE_URL) apiProjects.push('--project', 'api-postgres');
vitest('unit and API tests', apiProjects);
// One file at a time: two side by side on two cores made a spec's 10-second wait for a toast run out.
vitest('browser tests', ['--project', 'e2e', '--no-file-parallelism']);
check('size budgets', 'node', ['scripts/check-budgets.mjs']);

if (recap.length > 0) process.stdout.write(`\n✗ ${recap.join('\n✗ ')}\n`);
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
process.stdout.write(`\n${totals.passed} passed, ${totals.failed} failed${skipped}\n`);
process.exit(totals.failed === 0 ? 0 : 1);

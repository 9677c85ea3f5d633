// A Vitest reporter for `npm test`: writes the run's unhandled errors (which fail a run whose tests
// all pass, and which the JSON report leaves out) to UNHANDLED_ERRORS_FILE, so the runner can
// repeat them next to the final total, where a reader of the log's tail sees them.
import fs from 'node:fs';
import path from 'node:path';

export default class UnhandledErrorsReporter {
  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(_testModules, unhandledErrors) {
    const file = process.env.UNHANDLED_ERRORS_FILE;
    if (!file) return;
    const errors = unhandledErrors.map((error) => ({
      message: `${error.name ?? 'Error'}: ${error.message ?? String(error)}`,
      stack: (error.stack ?? '').split('\n').slice(1, 8).join('\n'),
      testFile: error.VITEST_TEST_PATH ? path.relative(this.root, error.VITEST_TEST_PATH) : undefined,
      testName: error.VITEST_TEST_NAME,
    }));
    fs.writeFileSync(file, JSON.stringify(errors));
  }
}

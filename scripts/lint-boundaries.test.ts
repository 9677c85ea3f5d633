import fs from 'node:fs';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The boundaries of eslint.config.js, shown on fixture files (scripts/lint-fixtures/, which the
 * normal lint skips) linted as if they stood where the comment at their top says.
 */

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });
// The config is plain JavaScript, without types: its named export is taken as what ESLint reads.
const { floorsWithTableOwners } = (await import(path.join(root, 'eslint.config.js'))) as { floorsWithTableOwners: Linter.Config };

async function restrictedImports(fixture: string, asFile: string, linter = eslint): Promise<string[]> {
  const source = fs.readFileSync(path.join(root, 'scripts/lint-fixtures', fixture), 'utf8');
  const [result] = await linter.lintText(source, { filePath: path.join(root, asFile) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('the import boundaries', () => {
  it('refuse a feature reaching into another feature', async () => {
    expect(await restrictedImports('cross-feature-import.ts', 'server/features/news/news.service.ts')).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*A feature reaches another only through its service/),
    ]);
  });

  it('refuse Drizzle outside a repository', async () => {
    expect(await restrictedImports('drizzle-outside-repository.ts', 'server/features/news/news.service.ts')).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*Only \*\.repository\.ts files/),
    ]);
  });

  it('accept another feature’s service, and Drizzle in a repository', async () => {
    expect(await restrictedImports('through-service.ts', 'server/features/news/news.repository.ts')).toEqual([]);
    expect(await restrictedImports('through-service.ts', 'server/features/payments/payments.service.ts')).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*Only \*\.repository\.ts files/),
    ]);
  });

  it('keep web features apart: a feature is imported by itself and by web/app, never by another feature or by shared code', async () => {
    expect(await restrictedImports('web-feature-import.ts', 'web/features/news/components/latest-news.tsx')).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*A feature imports no other feature/),
    ]);
    expect(await restrictedImports('web-feature-import.ts', 'web/lib/session.ts')).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*Shared code \(web\/components, web\/lib\) imports no feature/),
    ]);
    expect(await restrictedImports('web-feature-import.ts', 'web/features/cases/components/case-accordion.tsx')).toEqual([]);
    expect(await restrictedImports('web-feature-import.ts', 'web/app/routes/portal/panel-tabs.tsx')).toEqual([]);
  });

  it('refuse the platform importing a feature, by alias or relative path', async () => {
    expect(await restrictedImports('platform-imports-feature.ts', 'server/platform/static.ts')).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*The platform stands below the features/),
      expect.stringMatching(/^import-x\/no-restricted-paths: .*The platform stands below the features/),
    ]);
  });

  it('refuse a repository importing another feature’s schema file, once the tables’ owners are on', async () => {
    const withTableOwners = new ESLint({ cwd: root, overrideConfig: floorsWithTableOwners });
    expect(await restrictedImports('repository-imports-other-schema.ts', 'server/features/news/news.repository.ts', withTableOwners)).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: Unexpected path "#server\/db\/schema\/cases.ts".*only its own feature's tables \(server\/db\/schema\/news.ts\)/),
    ]);
  });

  it('refuse a repository importing another feature’s schema file in the config the project lints with', async () => {
    expect(await restrictedImports('repository-imports-other-schema.ts', 'server/features/news/news.repository.ts')).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: Unexpected path "#server\/db\/schema\/cases.ts".*only its own feature's tables \(server\/db\/schema\/news.ts\)/),
    ]);
    expect(await restrictedImports('repository-imports-other-schema.ts', 'server/features/cases/cases.repository.ts')).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: Unexpected path "#server\/db\/schema\/news.ts".*only its own feature's tables \(server\/db\/schema\/cases.ts\)/),
    ]);
  });

  it('refuse an import cycle', async () => {
    // Linted where they stand (the normal lint skips this folder): the cycle is between two real files.
    const unignored = new ESLint({ cwd: root, ignore: false });
    const [result] = await unignored.lintFiles([path.join(root, 'scripts/lint-fixtures/import-cycle-a.ts')]);
    expect((result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`)).toEqual([
      expect.stringMatching(/^import-x\/no-cycle: Dependency cycle/),
    ]);
  });

  it('refuse process.env outside server/config/', async () => {
    expect(await restrictedImports('process-env.ts', 'server/features/news/news.service.ts')).toEqual([
      expect.stringMatching(/^no-restricted-properties: 'process.env' is restricted.*Configuration is read only in server\/config\//),
    ]);
    expect(await restrictedImports('process-env.ts', 'server/config/env.ts')).toEqual([]);
  });
});

import type { TestProject } from 'vitest/node';
import { createMigratedTemplate } from './database.ts';

/** Migrates one database per API project and run, which each test file's database copies (server/test/database.ts). */
export default async function setup(project: TestProject) {
  const { template, remove } = await createMigratedTemplate(project.config.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');
  project.provide('migratedTemplate', template);
  return remove;
}

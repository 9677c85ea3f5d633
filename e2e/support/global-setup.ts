import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/client.ts';
import { buildServer, isServerBuildStale } from '../../scripts/lib/server-build.mjs';
import { buildWeb, isWebBuildStale } from '../../scripts/lib/web-build.mjs';
import { chromiumPath } from './chromium.mjs';

/**
 * Browser tests run against the built site and server, built once here rather than by each server, and
 * their servers start on a copy of one embedded database migrated here (server.ts, newDataDir).
 */
export default async function setup(project: TestProject) {
  if (!chromiumPath()) throw new Error('Chromium is missing: apt-get install -y chromium, or set CHROMIUM_PATH.');
  if (isWebBuildStale()) await buildWeb();
  if (isServerBuildStale()) await buildServer();

  const template = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-template-'));
  const database = await openDatabase({ pgliteDir: path.join(template, 'db') });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  project.provide('migratedDatabaseDir', path.join(template, 'db'));
  return () => fs.rmSync(template, { recursive: true, force: true });
}

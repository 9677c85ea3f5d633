import path from 'node:path';
import type { AppConfig } from '#server/config/env.ts';
import type { DatabaseLocation } from './client.ts';

export function databaseLocation(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): DatabaseLocation {
  return config.databaseUrl
    ? { url: config.databaseUrl }
    : { pgliteDir: path.join(config.dataDir, 'db') };
}

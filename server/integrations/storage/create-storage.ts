import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '#server/config/env.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

/** Local disk under DATA_DIR/uploads, or the S3-compatible bucket of S3_BUCKET. */
export function createStorage(config: Pick<AppConfig, 'dataDir' | 'storage'>, log: FastifyBaseLogger): Storage {
  if (config.storage.s3) {
    log.info({ bucket: config.storage.s3.bucket, endpoint: config.storage.s3.endpoint }, 'uploads go to object storage');
    return createS3Storage(config.storage.s3);
  }
  return createLocalStorage(config.dataDir);
}

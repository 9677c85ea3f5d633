import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '#server/config/env.ts';
import { createLocalStorage } from './local-storage.ts';
import type { Storage } from './storage.ts';

/** Local disk under DATA_DIR/uploads, or the S3-compatible bucket of S3_BUCKET (the AWS SDK is loaded only then). */
export async function createStorage(config: Pick<AppConfig, 'dataDir' | 'storage'>, log: FastifyBaseLogger): Promise<Storage> {
  if (config.storage.s3) {
    log.info({ bucket: config.storage.s3.bucket, endpoint: config.storage.s3.endpoint }, 'uploads go to object storage');
    return (await import('./s3-storage.ts')).createS3Storage(config.storage.s3);
  }
  return createLocalStorage(config.dataDir);
}

import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  NoSuchKey,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '#server/config/env.ts';
import { assertStorageKey, StorageNotFoundError, type Storage } from './storage.ts';

/** Any S3-compatible bucket (AWS, MinIO, R2…); uploads stream in parts, never buffered whole. */
export function createS3Storage(config: S3Config): Storage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  });

  return {
    kind: 's3',
    put: async (key, body, contentType) => {
      assertStorageKey(key);
      // A failed upload aborts its multipart upload, so no partial object remains.
      await new Upload({ client, params: { Bucket: config.bucket, Key: key, Body: body, ContentType: contentType } }).done();
    },
    read: async (key) => {
      assertStorageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
        return object.Body as Readable;
      } catch (error) {
        if (error instanceof NoSuchKey) throw new StorageNotFoundError(key);
        throw error;
      }
    },
    remove: async (key) => {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
    list: async function* () {
      for await (const page of paginateListObjectsV2({ client }, { Bucket: config.bucket })) {
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date() };
        }
      }
    },
    removeAbandoned: async (before) => {
      let removed = 0;
      let markers: { KeyMarker?: string; UploadIdMarker?: string } = {};
      for (;;) {
        const page = await client.send(new ListMultipartUploadsCommand({ Bucket: config.bucket, ...markers }));
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= before) continue;
          await client.send(new AbortMultipartUploadCommand({ Bucket: config.bucket, Key: upload.Key, UploadId: upload.UploadId }));
          removed += 1;
        }
        if (!page.IsTruncated) return removed;
        markers = { KeyMarker: page.NextKeyMarker, UploadIdMarker: page.NextUploadIdMarker };
      }
    },
  };
}

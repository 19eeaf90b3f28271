import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  PutObjectLegalHoldCommand,
  type PutObjectCommandInput,
  S3Client,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3StorageConfig } from './storage-config.js';
import type { DocumentStorage } from './document-storage.js';
import { requireByteRange, requireSafeKey, requireSafePrefix } from './storage-keys.js';

export interface S3StorageOptions extends S3StorageConfig {
  /** Keys asked for per listing call; absent, the store's own maximum (1,000 on S3). */
  listPageSize?: number;
}

/** The SDK names a missing object NoSuchKey on GET and NotFound on HEAD (whose answer has no body). */
function isMissing(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return failure.name === 'NoSuchKey' || failure.name === 'NotFound' || failure.$metadata?.httpStatusCode === 404;
}

/**
 * How a store says it keeps no legal holds: S3 answers InvalidRequest for a bucket made without
 * object lock; servers without the call answer NotImplemented, or MethodNotAllowed (s3rver).
 */
function isLegalHoldUnsupported(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return ['NotImplemented', 'MethodNotAllowed', 'InvalidRequest'].includes(failure.name ?? '') || failure.$metadata?.httpStatusCode === 501;
}

function bodyOf(answer: GetObjectCommandOutput): Readable {
  if (!(answer.Body instanceof Readable)) throw new Error('The object store answered without a readable body');
  return answer.Body;
}

/**
 * One PUT of bytes in memory. A SHA-256 the caller already has is sent for the store to check the
 * bytes against, and signs the request too, so the client hashes nothing again (by default it
 * computes a CRC32 for the store and a SHA-256 for the signature: as long as the rest of a put).
 */
function putBytes(input: PutObjectCommandInput, sha256: string | undefined): PutObjectCommand {
  if (!sha256) return new PutObjectCommand(input);
  const command = new PutObjectCommand({ ...input, ChecksumSHA256: Buffer.from(sha256, 'hex').toString('base64') });
  command.middlewareStack.add(
    (next) => (args) => {
      const request = args.request as { headers?: Record<string, string> };
      if (request.headers) request.headers['x-amz-content-sha256'] = sha256;
      return next(args);
    },
    { step: 'build', name: 'knownPayloadHash' },
  );
  return command;
}

/**
 * Document files as objects of an S3-compatible store (AWS S3, MinIO, …), under an optional
 * folder of the bucket. Credentials come from the configuration when given, else from the SDK's
 * usual chain (environment, profiles, instance or container roles).
 */
export function createS3Storage(options: S3StorageOptions): DocumentStorage {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint && { endpoint: options.endpoint }),
    forcePathStyle: options.forcePathStyle,
    ...(options.credentials && { credentials: options.credentials }),
  });
  const Bucket = options.bucket;
  const folder = options.prefix ? `${options.prefix}/` : '';
  const objectKey = (key: string) => folder + requireSafeKey(key);

  async function sizeOf(key: string): Promise<number | null> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    kind: 's3',

    async put(key, content, options) {
      const Key = objectKey(key);
      // An upload that fails because its source failed reports the source's error, not the store's
      // answer to the abandoned upload. A single PUT or a completed multipart upload is what makes
      // the object visible, so a failure leaves nothing under the key.
      if (content instanceof Uint8Array) {
        // Bytes already in memory go in one PUT: the multipart uploader would copy them into parts first.
        await client.send(putBytes({ Bucket, Key, Body: content, ContentLength: content.byteLength }, options?.sha256));
        return;
      }
      let sourceError: unknown;
      content.once('error', (error) => (sourceError ??= error));
      try {
        await new Upload({ client, params: { Bucket, Key, Body: content } }).done();
      } catch (error) {
        content.destroy();
        throw sourceError ?? error;
      }
    },

    async open(key, range) {
      const bounds = range && requireByteRange(range);
      const Range = bounds ? `bytes=${bounds.start}-${bounds.end}` : undefined;
      return bodyOf(await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key), Range })));
    },

    async read(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
      const bytes = await answer.Body!.transformToByteArray();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },

    size: sizeOf,

    exists: async (key) => (await sizeOf(key)) !== null,

    async delete(key) {
      // S3 answers a delete of a missing object as a success.
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },

    async setLegalHold(key, held) {
      try {
        await client.send(new PutObjectLegalHoldCommand({ Bucket, Key: objectKey(key), LegalHold: { Status: held ? 'ON' : 'OFF' } }));
        return 'done';
      } catch (error) {
        if (isLegalHoldUnsupported(error)) return 'unsupported';
        if (isMissing(error)) return 'done';
        throw error;
      }
    },

    async *list(prefix) {
      const Prefix = folder + requireSafePrefix(prefix);
      const pages = paginateListObjectsV2({ client, pageSize: options.listPageSize }, { Bucket, Prefix });
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          yield { key: object.Key.slice(folder.length), size: object.Size ?? 0, lastModified: object.LastModified ?? new Date(0) };
        }
      }
    },
  };
}

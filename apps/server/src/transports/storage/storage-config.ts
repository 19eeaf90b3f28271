import { z } from 'zod';

/** Where document files live: files under DOCUMENTS_DIR, or objects of an S3-compatible store. */
export type StorageConfig = { kind: 'file' } | ({ kind: 's3' } & S3StorageConfig);

export interface S3StorageConfig {
  bucket: string;
  /** The folder of the bucket that holds the keys, without slashes at either end; '' for the bucket's root. */
  prefix: string;
  /** Absent: AWS itself, found from the region. */
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
  /** Absent: the SDK's own chain (profiles, instance or container roles…). */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
}

/** S3's rules for bucket names (3 to 63 lowercase letters, digits, dots and hyphens). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** Folder segments that are also valid storage keys. */
const FOLDER = /^[a-z0-9][a-z0-9_.-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;
const STORAGE_URL_FORMS = 'use file: (files under DOCUMENTS_DIR) or s3://bucket[/folder]';

type StorageLocation = { kind: 'file' } | { kind: 's3'; bucket: string; prefix: string };

const StorageUrlSchema = z.string().transform((value, context): StorageLocation => {
  if (value === 'file:' || value === 'file://') return { kind: 'file' };
  const s3 = /^s3:\/\/([^/?#@]+)(\/[^?#]*)?$/.exec(value);
  const prefix = (s3?.[2] ?? '').replace(/^\/+|\/+$/g, '');
  if (!s3) context.addIssue({ code: 'custom', message: STORAGE_URL_FORMS });
  else if (!BUCKET.test(s3[1]!)) context.addIssue({ code: 'custom', message: `"${s3[1]}" is not a valid S3 bucket name` });
  else if (prefix && (!FOLDER.test(prefix) || prefix.includes('..'))) {
    context.addIssue({ code: 'custom', message: `"${prefix}" is not a valid folder: letters, digits and /_.- only` });
  } else return { kind: 's3', bucket: s3[1]!, prefix };
  return z.NEVER;
});

const booleanFromEnv = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((value) => ['true', '1', 'yes'].includes(value));

/** The variables of document storage, merged into the configuration's schema. */
export const StorageEnvShape = {
  STORAGE_URL: StorageUrlSchema.optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'an http:// or https:// address' }).optional(),
  S3_REGION: z.string().min(1).optional(),
  AWS_REGION: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.optional(),
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  AWS_SESSION_TOKEN: z.string().min(1).optional(),
};

type StorageEnv = z.output<z.ZodObject<typeof StorageEnvShape>>;

/** Settings that make no sense together: said at start-up rather than ignored. */
export function checkStorageEnv(env: StorageEnv, context: z.RefinementCtx): void {
  const isS3 = env.STORAGE_URL?.kind === 's3';
  for (const name of ['S3_ENDPOINT', 'S3_REGION', 'S3_FORCE_PATH_STYLE'] as const) {
    if (env[name] !== undefined && !isS3) {
      context.addIssue({ code: 'custom', path: [name], message: 'only used when STORAGE_URL is an s3:// address' });
    }
  }
  if (isS3 && !env.AWS_ACCESS_KEY_ID !== !env.AWS_SECRET_ACCESS_KEY) {
    context.addIssue({
      code: 'custom',
      path: ['AWS_SECRET_ACCESS_KEY'],
      message: 'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together',
    });
  }
}

/**
 * The storage the environment asks for. Keys given in the environment are passed on explicitly, so
 * the configuration read is the one used (tests build several apps in one process); without them,
 * the SDK looks for credentials itself.
 */
export function readStorageConfig(env: StorageEnv): StorageConfig {
  const location = env.STORAGE_URL ?? { kind: 'file' as const };
  if (location.kind === 'file') return { kind: 'file' };
  return {
    ...location,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION ?? env.AWS_REGION ?? 'us-east-1',
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
    credentials:
      env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: env.AWS_ACCESS_KEY_ID,
            secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
            ...(env.AWS_SESSION_TOKEN && { sessionToken: env.AWS_SESSION_TOKEN }),
          }
        : undefined,
  };
}

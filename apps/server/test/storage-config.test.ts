import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { chooseStorage } from '../src/transports/choose-transports.js';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    return String(error);
  }
  throw new Error('the configuration was accepted');
};

describe('document storage configuration', () => {
  it('keeps files under DATA_DIR/documents when nothing is set', () => {
    const config = loadConfig({ DATA_DIR: '/srv/portal' });
    expect(config.storage).toEqual({ kind: 'file' });
    expect(config.documentsDir).toBe(path.resolve('/srv/portal/documents'));
    expect(chooseStorage(config).kind).toBe('file');
    expect(loadConfig({ STORAGE_URL: 'file:', DOCUMENTS_DIR: '/mnt/documents' })).toMatchObject({
      storage: { kind: 'file' },
      documentsDir: '/mnt/documents',
    });
  });

  it('reads a bucket and its folder, with AWS defaults', () => {
    const config = loadConfig({ STORAGE_URL: 's3://acme-portal-documents/portal/documents/' });
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'acme-portal-documents',
      prefix: 'portal/documents',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(chooseStorage(config).kind).toBe('s3');
    expect(loadConfig({ STORAGE_URL: 's3://docs', AWS_REGION: 'ca-central-1' }).storage).toMatchObject({
      prefix: '',
      region: 'ca-central-1',
    });
    expect(loadConfig({ STORAGE_URL: 's3://docs', AWS_REGION: 'ca-central-1', S3_REGION: 'eu-west-3' }).storage).toMatchObject({
      region: 'eu-west-3',
    });
  });

  it('addresses a compatible store by path, and passes keys given in the environment', () => {
    const minio = { STORAGE_URL: 's3://documents', S3_ENDPOINT: 'http://minio.internal:9000' };
    expect(loadConfig(minio).storage).toMatchObject({ endpoint: 'http://minio.internal:9000', forcePathStyle: true });
    expect(loadConfig({ ...minio, S3_FORCE_PATH_STYLE: 'false' }).storage).toMatchObject({ forcePathStyle: false });
    expect(
      loadConfig({ ...minio, AWS_ACCESS_KEY_ID: 'id', AWS_SECRET_ACCESS_KEY: 'secret', AWS_SESSION_TOKEN: 'session' }).storage,
    ).toMatchObject({
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret', sessionToken: 'session' },
    });
  });

  it('stops start-up on an address it cannot use, saying what is accepted', () => {
    expect(problemsOf({ STORAGE_URL: 'https://bucket.s3.amazonaws.com' })).toMatch(
      /STORAGE_URL: use file: .* or s3:\/\/bucket\[\/folder\]/,
    );
    expect(problemsOf({ STORAGE_URL: 'file:///var/documents' })).toMatch(/STORAGE_URL: use file:/);
    expect(problemsOf({ STORAGE_URL: 's3://Upper_Case' })).toMatch(/STORAGE_URL: "Upper_Case" is not a valid S3 bucket name/);
    expect(problemsOf({ STORAGE_URL: 's3://ab' })).toMatch(/not a valid S3 bucket name/);
    expect(problemsOf({ STORAGE_URL: 's3://key:secret@bucket' })).toMatch(/STORAGE_URL: use file:/);
    expect(problemsOf({ STORAGE_URL: 's3://bucket/../other' })).toMatch(/STORAGE_URL: "..\/other" is not a valid folder/);
    expect(problemsOf({ STORAGE_URL: 's3://bucket/a folder' })).toMatch(/is not a valid folder/);
  });

  it('stops start-up on S3 settings without an S3 address, or half a key', () => {
    const problems = problemsOf({ S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'true' });
    expect(problems).toMatch(/S3_ENDPOINT: only used when STORAGE_URL is an s3:\/\/ address/);
    expect(problems).toMatch(/S3_FORCE_PATH_STYLE: only used/);
    expect(problemsOf({ STORAGE_URL: 's3://docs', S3_ENDPOINT: 'minio:9000' })).toMatch(/S3_ENDPOINT: an http:\/\/ or https:\/\/ address/);
    expect(problemsOf({ STORAGE_URL: 's3://docs', S3_FORCE_PATH_STYLE: 'maybe' })).toMatch(/S3_FORCE_PATH_STYLE/);
    expect(problemsOf({ STORAGE_URL: 's3://docs', AWS_ACCESS_KEY_ID: 'id' })).toMatch(
      /AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together/,
    );
    // The region is set on AWS machines for every SDK: it alone is no mistake.
    expect(loadConfig({ AWS_REGION: 'ca-central-1' }).storage).toEqual({ kind: 'file' });
  });
});

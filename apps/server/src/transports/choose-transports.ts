import path from 'node:path';
import type { AppConfig } from '../config.js';
import { createFileMailTransport, createSmtpTransport } from './mail/nodemailer-transports.js';
import { createFileSmsTransport, createHttpSmsTransport } from './sms/sms-transports.js';
import type { DocumentStorage } from './storage/document-storage.js';
import { createFileStorage } from './storage/file-storage.js';
import { createS3Storage } from './storage/s3-storage.js';

/** Document files: objects of an S3-compatible store when STORAGE_URL names one, else files under the documents folder. */
export function chooseStorage(config: Pick<AppConfig, 'storage' | 'documentsDir'>): DocumentStorage {
  return config.storage.kind === 's3' ? createS3Storage(config.storage) : createFileStorage(config.documentsDir);
}

/** Each external service is chosen once, here, from the configuration. */
export function chooseTransports(config: AppConfig) {
  return {
    mail: config.mail.smtpUrl
      ? createSmtpTransport(config.mail.smtpUrl, config.mail.from)
      : createFileMailTransport(path.join(config.dataDir, 'mail'), config.mail.from),
    sms: config.sms.providerUrl
      ? createHttpSmsTransport({ url: config.sms.providerUrl, token: config.sms.token, from: config.sms.from })
      : createFileSmsTransport(path.join(config.dataDir, 'sms')),
    storage: chooseStorage(config),
  };
}
export type Transports = ReturnType<typeof chooseTransports>;

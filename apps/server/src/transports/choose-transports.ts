import path from 'node:path';
import type { AppConfig } from '../config.js';
import { createFileMailTransport, createSmtpTransport } from './mail/nodemailer-transports.js';
import { createFileSmsTransport, createHttpSmsTransport } from './sms/sms-transports.js';
import { createFileStorage } from './storage/file-storage.js';

/** Each external service is chosen once, here, from the configuration. */
export function chooseTransports(config: AppConfig) {
  return {
    mail: config.mail.smtpUrl
      ? createSmtpTransport(config.mail.smtpUrl, config.mail.from)
      : createFileMailTransport(path.join(config.dataDir, 'mail'), config.mail.from),
    sms: config.sms.providerUrl
      ? createHttpSmsTransport({ url: config.sms.providerUrl, token: config.sms.token, from: config.sms.from })
      : createFileSmsTransport(path.join(config.dataDir, 'sms')),
    storage: createFileStorage(config.documentsDir),
  };
}
export type Transports = ReturnType<typeof chooseTransports>;

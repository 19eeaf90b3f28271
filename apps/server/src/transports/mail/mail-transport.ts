export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines, such as List-Unsubscribe on a digest. */
  headers?: Record<string, string>;
}

/** Sends one message now, or throws so that the queue tries again later. */
export interface MailTransport {
  readonly kind: 'smtp' | 'file';
  send(message: OutgoingMail): Promise<void>;
}

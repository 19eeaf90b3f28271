export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends one message now, or throws so that the queue tries again later. */
export interface MailTransport {
  readonly kind: 'smtp' | 'file';
  send(message: OutgoingMail): Promise<void>;
}

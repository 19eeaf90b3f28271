export interface OutgoingSms {
  to: string;
  text: string;
}

/** Sends one text message now, or throws so that the queue tries again later. */
export interface SmsTransport {
  readonly kind: 'http' | 'file';
  send(message: OutgoingSms): Promise<void>;
}

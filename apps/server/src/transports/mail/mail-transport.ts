/** The brand logo a message's HTML shows as `cid:`, named here and drawn as a PNG when the message leaves. */
export interface MailLogo {
  cid: string;
  experienceCode: string;
  kind: 'logo' | 'logo-en';
  /** The version of the image the message was written with. */
  contentHash: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines, such as List-Unsubscribe on a digest. */
  headers?: Record<string, string>;
  /** The name the recipient sees the message come from (its experience's); the address is always the configured one. */
  senderName?: string;
  /** Queued as a reference, not as bytes: a digest run writes thousands of messages with the same few logos. */
  logo?: MailLogo;
  /** The notices of availability it carries: what the mail server answers becomes their delivery state. */
  notices?: { userId: number; documentIds: number[] };
}

/** An image the HTML shows by its content id, sent inside the message (mail programs block images from the web). */
export interface InlineImage {
  cid: string;
  filename: string;
  contentType: 'image/png';
  content: Buffer;
}

/** Sends one message now, or throws so that the queue tries again later. */
export interface MailTransport {
  readonly kind: 'smtp' | 'file';
  send(message: OutgoingMail, inlineImages?: InlineImage[]): Promise<void>;
}

import { createHmac, randomBytes } from 'node:crypto';

/** Standard Webhooks secrets: `whsec_` and 32 random bytes in base64. */
const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;

export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/**
 * The `webhook-signature` header: `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` under
 * each secret given, space-separated (the current secret, then the previous one during a rotation's overlap).
 */
export function signWebhook(message: { id: string; timestamp: number; body: string }, secrets: string[]): string {
  const content = `${message.id}.${message.timestamp}.${message.body}`;
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
      return `v1,${createHmac('sha256', key).update(content).digest('base64')}`;
    })
    .join(' ');
}

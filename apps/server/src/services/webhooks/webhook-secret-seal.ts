import { randomBytes } from 'node:crypto';
import type { ServerSecretsRepository } from '../../db/repositories/server-secrets.repository.js';
import { seal, unseal } from '../../domain/sealed-secrets.js';

/** The server secret that seals webhook signing secrets, made at first use and shared by every instance. */
const SEALING_SECRET = 'webhook-secret-seal';

/** Webhook signing secrets are kept sealed: the portal needs them in full to sign, so a hash will not do. */
export function createWebhookSecretSeal(secrets: ServerSecretsRepository) {
  let key: Promise<Buffer> | undefined;
  const sealingKey = () => {
    key ??= secrets.getOrCreate(SEALING_SECRET, randomBytes(32).toString('base64url')).then((text) => Buffer.from(text, 'base64url'));
    key.catch(() => (key = undefined));
    return key;
  };
  return {
    seal: async (secret: string) => seal(await sealingKey(), secret),
    unseal: async (sealed: string) => unseal(await sealingKey(), sealed),
  };
}
export type WebhookSecretSeal = ReturnType<typeof createWebhookSecretSeal>;

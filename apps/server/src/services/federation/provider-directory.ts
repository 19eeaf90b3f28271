import { randomBytes } from 'node:crypto';
import { IDENTITY_CONNECTION_ERROR_KEYS } from '@portal/contract';
import * as oidc from 'openid-client';
import type { ServerSecretsRepository } from '../../db/repositories/server-secrets.repository.js';
import { seal, unseal } from '../../domain/sealed-secrets.js';
import { AppError } from '../../errors.js';

const SEALING_SECRET = 'identity-connection-seal';
/** Seconds to wait for a provider's discovery document or token endpoint. */
const PROVIDER_TIMEOUT_SECONDS = 10;
/** A federation metadata file of one identity provider is a few kilobytes; Entra's, with every key, under this. */
const METADATA_MAX_CHARACTERS = 200_000;

/**
 * An address of a provider the portal may talk to: https; outside production also http on this
 * machine's own addresses (a provider run beside the portal in development and tests). Anything
 * else is refused before a request is made.
 */
export function issuerUrlOf(issuer: string, allowLoopbackHttp: boolean): URL | undefined {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return undefined;
  }
  if (url.protocol === 'https:') return url;
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  return allowLoopbackHttp && url.protocol === 'http:' && loopback ? url : undefined;
}

const issuerInvalid = () => new AppError(400, IDENTITY_CONNECTION_ERROR_KEYS.issuerInvalid, 'The issuer must be an https address.');

/**
 * The portal's side of its identity providers: reads an issuer's discovery document, and seals
 * the client secrets kept in the database under a key of the server's own.
 */
export function createProviderDirectory(deps: { secrets: ServerSecretsRepository; allowLoopbackHttp: boolean }) {
  let key: Promise<Buffer> | undefined;
  const sealingKey = () => {
    key ??= deps.secrets
      .getOrCreate(SEALING_SECRET, randomBytes(32).toString('base64url'))
      .then((secret) => Buffer.from(secret, 'base64url'));
    key.catch(() => (key = undefined));
    return key;
  };

  async function discover(issuer: string, clientKey: string, secret?: string): Promise<oidc.Configuration> {
    const url = issuerUrlOf(issuer, deps.allowLoopbackHttp);
    if (!url) throw issuerInvalid();
    return oidc.discovery(url, clientKey, secret, undefined, {
      execute: url.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      timeout: PROVIDER_TIMEOUT_SECONDS,
    });
  }

  return {
    seal: async (secret: string) => seal(await sealingKey(), secret),

    /** 400 when the issuer is not one the portal talks to, or its discovery document cannot be read. */
    async check(issuer: string): Promise<void> {
      if (!issuerUrlOf(issuer, deps.allowLoopbackHttp)) throw issuerInvalid();
      await discover(issuer, 'discovery-check').catch(() => {
        throw new AppError(400, IDENTITY_CONNECTION_ERROR_KEYS.issuerUnreachable, 'The provider’s discovery document could not be read.');
      });
    },

    /** A SAML identity provider's metadata, read from where it publishes it (https, or this machine); undefined when it cannot be read. */
    async metadataAt(address: string): Promise<string | undefined> {
      const url = issuerUrlOf(address, deps.allowLoopbackHttp);
      if (!url) return undefined;
      try {
        const answer = await fetch(url, { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_SECONDS * 1000), redirect: 'error' });
        const text = answer.ok ? await answer.text() : undefined;
        return text !== undefined && text.length <= METADATA_MAX_CHARACTERS ? text : undefined;
      } catch {
        return undefined;
      }
    },

    /** The provider of a connection, as the portal's client there. */
    async configOf(connection: { issuer: string; client_key: string; sealed_secret: string }): Promise<oidc.Configuration> {
      return discover(connection.issuer, connection.client_key, unseal(await sealingKey(), connection.sealed_secret));
    },
  };
}
export type ProviderDirectory = ReturnType<typeof createProviderDirectory>;

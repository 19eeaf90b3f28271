import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const base64url = (data: Uint8Array | string) =>
  isoBase64URL.fromBuffer(typeof data === 'string' ? new TextEncoder().encode(data) : new Uint8Array(data));

/** Flags of the authenticator data: the user was present (UP) and verified (UV); attested credential data follows (AT). */
const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;
const ATTESTED_CREDENTIAL = 0x40;

/**
 * A passkey authenticator in software: an ES256 key pair, a credential id, a signature counter,
 * answering a relying party's options exactly as a browser's WebAuthn call would (attestation
 * "none"), so that the server's verification is exercised byte for byte. A browser test drives
 * Chromium's own virtual authenticator; this one lets a server test forge what a browser never would:
 * another origin, a counter that goes back, an answer sent twice.
 */
export class SoftwareAuthenticator {
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  readonly credentialId = new Uint8Array(randomBytes(16));
  counter = 0;

  constructor(
    private readonly rpId: string,
    private readonly origin: string,
  ) {}

  get id(): string {
    return base64url(this.credentialId);
  }

  /** The answer of navigator.credentials.create() to registration options. */
  register(options: { challenge: string }, overrides: { origin?: string } = {}): RegistrationResponseJSON {
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, overrides.origin);
    const authData = Buffer.concat([
      this.authDataHead(USER_PRESENT | USER_VERIFIED | ATTESTED_CREDENTIAL),
      Buffer.alloc(16), // AAGUID: none given
      Buffer.from([this.credentialId.length >> 8, this.credentialId.length & 0xff]),
      this.credentialId,
      this.cosePublicKey(),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: { clientDataJSON: base64url(clientDataJSON), attestationObject: base64url(attestationObject), transports: ['internal'] },
    };
  }

  /** The answer of navigator.credentials.get(): the counter moves on by one unless told which to report. */
  authenticate(options: { challenge: string }, overrides: { origin?: string; counter?: number } = {}): AuthenticationResponseJSON {
    this.counter = overrides.counter ?? this.counter + 1;
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, overrides.origin);
    const authData = this.authDataHead(USER_PRESENT | USER_VERIFIED);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: { clientDataJSON: base64url(clientDataJSON), authenticatorData: base64url(authData), signature: base64url(signature) },
    };
  }

  private clientData(type: string, challenge: string, origin = this.origin): string {
    return JSON.stringify({ type, challenge, origin, crossOrigin: false });
  }

  private authDataHead(flags: number): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), counter]);
  }

  /** The public key as COSE: EC2 (kty 2), ES256 (alg -7), P-256 (crv 1), x and y. */
  private cosePublicKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
  }
}

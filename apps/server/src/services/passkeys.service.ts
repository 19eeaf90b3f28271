import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { ERROR_KEYS, PASSKEYS_PER_PERSON } from '@portal/contract';
import type { ChallengePurpose, PasskeysRepository } from '../db/repositories/passkeys.repository.js';
import type { UserWithOrganisation } from '../db/repositories/users.repository.js';
import type { Transact } from '../db/transact.js';
import { AppError } from '../errors.js';
import type { MfaService, PendingSession, SignInContext, TrustRequest } from './mfa.service.js';

/** How long a browser has to answer a challenge: the time to touch a key or unlock a phone, with room to spare. */
const CHALLENGE_TTL_MS = 5 * 60_000;

/** Where passkeys belong: the portal's public address says both the relying party id and the only origin accepted. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: url.hostname };
}

const TRANSPORTS: readonly AuthenticatorTransport[] = ['ble', 'hybrid', 'internal', 'nfc', 'usb'];
/** The transports an authenticator reported, those the browser knows (the column keeps what it said). */
const transportsOf = (stored: string[]) => TRANSPORTS.filter((known) => stored.includes(known));

const refused = () => new AppError(400, ERROR_KEYS.passkeyRefused, 'The passkey was not accepted.');
const notFound = () => new AppError(404, ERROR_KEYS.notFound, 'No such passkey');

/** The user id an authenticator keeps for the account: stable, and not the database's number itself. */
const webAuthnUserIdOf = (user: UserWithOrganisation) => new TextEncoder().encode(`portal-user-${user.id}`);

/**
 * Passkeys as a second step of signing in. Adding one needs a fully signed-in session and a code
 * by the person's usual channel; signing with one replaces the code at the code step, never the
 * password. Every challenge is single use and bound to its session. See decision record 019.
 */
export function createPasskeysService(deps: {
  passkeys: PasskeysRepository;
  mfa: Pick<
    MfaService,
    'sendConfirmationCode' | 'verifyConfirmationCode' | 'consumeConfirmationCode' | 'completeSecondStep' | 'recordFailure'
  >;
  relyingParty: RelyingParty;
  transact: Transact;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const rp = deps.relyingParty;

  const rememberChallenge = (sessionHash: string, purpose: ChallengePurpose, challenge: string) =>
    deps.passkeys.saveChallenge(sessionHash, purpose, challenge, new Date(now().getTime() + CHALLENGE_TTL_MS));

  async function requireRoomFor(userId: number) {
    if ((await deps.passkeys.countForUser(userId)) >= PASSKEYS_PER_PERSON) {
      throw new AppError(400, ERROR_KEYS.tooManyPasskeys, `A person may have ${PASSKEYS_PER_PERSON} passkeys.`);
    }
  }

  return {
    list: (userId: number) => deps.passkeys.listForUser(userId),

    /** First, a code: whoever holds an open session must also hold the person's mailbox or phone. */
    async sendCode(user: UserWithOrganisation) {
      await requireRoomFor(user.id);
      return deps.mfa.sendConfirmationCode(user, 'passkey');
    },

    /**
     * The code right, the browser gets what it needs to create a passkey for this account on this
     * site. The code is used up only with the passkey it confirms: a prompt the person closes may be tried again.
     */
    async registrationOptions(user: UserWithOrganisation, sessionHash: string, code: string) {
      await requireRoomFor(user.id);
      await deps.mfa.verifyConfirmationCode(user, 'passkey', code);
      const existing = await deps.passkeys.listForUser(user.id);
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: user.username,
        userID: webAuthnUserIdOf(user),
        userDisplayName: `${user.first_name} ${user.last_name}`.trim(),
        attestationType: 'none',
        excludeCredentials: existing.map((passkey) => ({ id: passkey.credential_id, transports: transportsOf(passkey.transports) })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      });
      await rememberChallenge(sessionHash, 'register', options.challenge);
      return options;
    },

    /** Verifies the browser's new credential against the challenge this session was given, once, and keeps it, using the code up. */
    async register(
      user: UserWithOrganisation,
      sessionHash: string,
      input: { name: string; code: string; credential: RegistrationResponseJSON },
    ) {
      const { name, code, credential } = input;
      const codeId = await deps.mfa.verifyConfirmationCode(user, 'passkey', code);
      const challenge = await deps.passkeys.takeChallenge(sessionHash, 'register', now());
      if (!challenge) throw refused();
      const verification = await verifyRegistrationResponse({
        response: credential,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: false,
      }).catch(() => undefined);
      if (!verification?.verified) throw refused();
      const { credential: created } = verification.registrationInfo;
      if (await deps.passkeys.credentialExists(created.id)) {
        throw new AppError(409, ERROR_KEYS.passkeyAlreadyRegistered, 'This passkey is already registered.');
      }
      await requireRoomFor(user.id);
      return deps.transact(async (trx) => {
        await deps.mfa.consumeConfirmationCode(codeId, trx);
        return deps.passkeys.create(
          {
            userId: user.id,
            credentialId: created.id,
            publicKey: created.publicKey,
            counter: created.counter,
            transports: created.transports ?? [],
            name,
          },
          trx,
        );
      });
    },

    async rename(userId: number, publicId: string, name: string) {
      const renamed = await deps.passkeys.rename(userId, publicId, name);
      if (!renamed) throw notFound();
      return renamed;
    },

    async remove(userId: number, publicId: string): Promise<void> {
      if ((await deps.passkeys.deleteByPublicId(userId, publicId)) === 0) throw notFound();
    },

    /** Whether the code step may offer a passkey to this person. */
    async hasPasskey(userId: number): Promise<boolean> {
      return (await deps.passkeys.countForUser(userId)) > 0;
    },

    /** At the code step: a challenge for the person's own passkeys, bound to the pending session. */
    async signInOptions(pending: PendingSession) {
      const passkeys = await deps.passkeys.listForUser(pending.user.id);
      if (passkeys.length === 0) throw new AppError(404, ERROR_KEYS.noPasskey, 'No passkey is registered for this account.');
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        allowCredentials: passkeys.map((passkey) => ({ id: passkey.credential_id, transports: transportsOf(passkey.transports) })),
        userVerification: 'preferred',
      });
      await rememberChallenge(pending.sessionHash, 'sign-in', options.challenge);
      return options;
    },

    /**
     * A passkey's signature instead of the code. Refused alike, and logged as a failed second step:
     * no challenge (none asked, already answered, expired), a passkey that is not the person's or
     * was removed, another site, a bad signature, or a counter that did not move forward.
     */
    async signIn(pending: PendingSession, credential: AuthenticationResponseJSON, context: SignInContext, trust: TrustRequest) {
      const challenge = await deps.passkeys.takeChallenge(pending.sessionHash, 'sign-in', now());
      const passkey = (await deps.passkeys.listForUser(pending.user.id)).find((candidate) => candidate.credential_id === credential.id);
      const verification =
        challenge && passkey
          ? await verifyAuthenticationResponse({
              response: credential,
              expectedChallenge: challenge,
              expectedOrigin: rp.origin,
              expectedRPID: rp.id,
              credential: {
                id: passkey.credential_id,
                publicKey: new Uint8Array(passkey.public_key),
                counter: passkey.counter,
                transports: passkey.transports,
              },
              requireUserVerification: false,
            }).catch(() => undefined)
          : undefined;
      const recorded =
        verification?.verified && passkey
          ? await deps.passkeys.recordUse(passkey.id, passkey.counter, verification.authenticationInfo.newCounter, now())
          : false;
      if (!recorded) {
        await deps.mfa.recordFailure(pending, 'wrong-passkey', context);
        throw refused();
      }
      return deps.mfa.completeSecondStep(pending, 'passkey', context, trust);
    },
  };
}
export type PasskeysService = ReturnType<typeof createPasskeysService>;

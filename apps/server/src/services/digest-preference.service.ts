import { ERROR_KEYS, type DigestFrequency } from '@portal/contract';
import type { DigestRepository } from '../db/repositories/digest.repository.js';
import type { ExperiencesRepository } from '../db/repositories/experiences.repository.js';
import type { Transact } from '../db/transact.js';
import { AppError, forbidden } from '../errors.js';
import type { Outbox } from '../jobs/outbox.js';
import { createDigestMailer } from './digest-mailer.js';
import type { DigestTokens } from './digest-tokens.js';
import type { MailLogos } from './messages/mail-logos.js';

/** The part of a signed-in person the digest choice depends on. */
export interface DigestReader {
  id: number;
  role_code: string;
  email: string;
  first_name: string;
  contact_language: string;
  experience_id: number;
}

/**
 * Only USERs choose a digest: staff see every document of their client's types, which a count
 * of new documents would not help them with. Other roles get 403 errors.forbidden.
 */
export function requireDigestReader<R extends Pick<DigestReader, 'role_code'>>(person: R): R {
  if (person.role_code !== 'USER') throw forbidden();
  return person;
}

const invalidToken = () => new AppError(400, ERROR_KEYS.digestTokenInvalid, 'This unsubscribe link is not valid.');
const expiredToken = () =>
  new AppError(400, ERROR_KEYS.digestTokenExpired, 'This unsubscribe link has expired; use the one in your latest digest.');

/** A person's choice of digest, and the way out that every digest carries. */
export function createDigestPreferenceService(deps: {
  digest: DigestRepository;
  experiences: ExperiencesRepository;
  logos: MailLogos;
  tokens: DigestTokens;
  outbox: Outbox;
  transact: Transact;
  publicUrl: string;
}) {
  return {
    async getFrequency(person: DigestReader): Promise<DigestFrequency> {
      return deps.digest.frequencyOf(requireDigestReader(person).id);
    },

    /** Saves the choice; turning the digest on, or changing its pace, is confirmed by a message in the same transaction. */
    async saveFrequency(person: DigestReader, frequency: DigestFrequency): Promise<DigestFrequency> {
      requireDigestReader(person);
      // Written before the transaction: the embedded database has one connection, and the brand is read apart.
      const confirmation =
        frequency === 'never'
          ? null
          : await createDigestMailer(deps).confirmation(
              {
                id: person.id,
                email: person.email,
                firstName: person.first_name,
                language: person.contact_language,
                experienceId: person.experience_id,
              },
              frequency,
            );
      await deps.transact(async (trx) => {
        const before = await deps.digest.saveFrequency(person.id, frequency, trx);
        if (confirmation && before !== frequency) await deps.outbox.queueMail(confirmation, trx);
      });
      return frequency;
    },

    /**
     * Stops the digest of the person a signed link names; a link the portal did not sign, or one
     * past its end, changes nothing.
     */
    async unsubscribe(token: string | undefined): Promise<void> {
      if (!token) throw invalidToken();
      const reading = await deps.tokens.read(token);
      if (reading.kind === 'expired') throw expiredToken();
      if (reading.kind === 'invalid') throw invalidToken();
      await deps.digest.stopDigest(reading.userId);
    },
  };
}
export type DigestPreferenceService = ReturnType<typeof createDigestPreferenceService>;

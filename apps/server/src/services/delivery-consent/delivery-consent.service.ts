import { randomBytes } from 'node:crypto';
import {
  DISCLOSURE_ERROR_KEYS,
  ERROR_KEYS,
  type ConsentState,
  type Disclosure,
  type GiveConsentRequest,
  type Locale,
  type PublishDisclosureRequest,
} from '@portal/contract';
import type { AuditLogRepository } from '../../db/repositories/audit-log.repository.js';
import type { Disclosure as DisclosureRow, DeliveryConsentRepository } from '../../db/repositories/delivery-consent.repository.js';
import type { ConsentWay } from '../../db/delivery-consent-tables.js';
import type { ServerSecretsRepository } from '../../db/repositories/server-secrets.repository.js';
import type { Transact } from '../../db/transact.js';
import type { WebhookEvents } from '../webhooks/webhook-events.js';
import { accessCodeOf, disclosureHash, normalizeAccessCode } from '../../domain/delivery-consent.js';
import { AppError } from '../../errors.js';
import { requireTenantClient, type Actor } from '../permissions.js';
import { consentSamplePdf } from './consent-sample-pdf.js';

const SECRET_NAME = 'delivery-consent-codes';

/** Where a consent or a withdrawal comes from, as its event keeps it. */
export interface ConsentContext {
  address: string;
  userAgent: string | null;
  language: Locale;
}

const notAsked = () => new AppError(400, ERROR_KEYS.consentNotAsked, 'No delivery disclosure asks your consent.');

/**
 * Consent to electronic delivery (see the contract's delivery-consent schema): the state of a
 * person, the sample document that proves it can open the portal's PDFs, consents and
 * withdrawals (each an event kept as written, with the disclosure's hash), and the console's
 * publishing of a client's disclosures.
 */
export function createDeliveryConsentService(deps: {
  consent: DeliveryConsentRepository;
  secrets: ServerSecretsRepository;
  audit: AuditLogRepository;
  transact: Transact;
  /** Tells the client's back office of each consent given or withdrawn, in the transaction that records it. */
  webhooks?: Pick<WebhookEvents, 'emitForUsers'>;
}) {
  let key: Promise<Buffer> | undefined;
  const codeKey = () => {
    key ??= deps.secrets.getOrCreate(SECRET_NAME, randomBytes(32).toString('base64url')).then((secret) => Buffer.from(secret, 'base64url'));
    key.catch(() => (key = undefined));
    return key;
  };

  async function presentDisclosure(row: DisclosureRow): Promise<Disclosure> {
    const types = await deps.consent.typesOf({ reportIds: row.report_ids });
    return {
      version: row.version,
      publishedAt: row.published_at.toISOString(),
      types: types.map((type) => ({ code: type.code, titleEn: type.title_en, titleFr: type.title_fr })),
      requirementsEn: row.requirements_en,
      requirementsFr: row.requirements_fr,
      withdrawalEn: row.withdrawal_en,
      withdrawalFr: row.withdrawal_fr,
      paperEn: row.paper_en,
      paperFr: row.paper_fr,
      contentHash: row.content_hash,
    };
  }

  /** The disclosure that asks this person, or undefined: staff are never asked. */
  async function disclosureFor(user: Actor): Promise<DisclosureRow | undefined> {
    if (user.role_code !== 'USER') return undefined;
    return deps.consent.inForce(user.client_id);
  }

  async function stateOf(user: Actor): Promise<ConsentState> {
    const disclosure = await disclosureFor(user);
    if (!disclosure) return { state: 'notRequired', disclosure: null, consentedAt: null, paperSince: null };
    const [person, last] = await Promise.all([deps.consent.stateOf(user.id), deps.consent.lastEventOf(user.id)]);
    const presented = await presentDisclosure(disclosure);
    if (person.paper_delivery_since) {
      return { state: 'withdrawn', disclosure: presented, consentedAt: null, paperSince: person.paper_delivery_since.toISOString() };
    }
    const consented = last?.event === 'consent' && last.disclosure_id === disclosure.id && person.consent_pending_types.length === 0;
    return {
      state: consented ? 'consented' : 'pending',
      disclosure: presented,
      consentedAt: consented ? last.occurred_at.toISOString() : null,
      paperSince: null,
    };
  }

  /**
   * A first consent asked at sign-in by an account opened after the disclosure was published is
   * the consent that completes its registration or onboarding, and is kept as such.
   */
  async function wayOf(user: Actor, disclosure: DisclosureRow, asked: ConsentWay): Promise<ConsentWay> {
    if (asked !== 'sign-in') return asked;
    const [person, last] = await Promise.all([deps.consent.stateOf(user.id), deps.consent.lastEventOf(user.id)]);
    return !last && person.created_at >= disclosure.published_at ? 'registration' : asked;
  }

  return {
    state: stateOf,

    /** The person's sample document, with its own code for the version in force. */
    async sample(user: Actor, language: Locale): Promise<Uint8Array> {
      const disclosure = await disclosureFor(user);
      if (!disclosure) throw notAsked();
      const names = await deps.consent.clientNames(user.client_id);
      return consentSamplePdf(
        accessCodeOf(await codeKey(), user.id, disclosure.id),
        language,
        language === 'fr' ? names.name_fr : names.name_en,
      );
    },

    /** Consent to the version in force, proven by the code of the person's sample document. */
    async give(user: Actor, input: GiveConsentRequest, context: ConsentContext): Promise<ConsentState> {
      const disclosure = await disclosureFor(user);
      if (!disclosure) throw notAsked();
      if (input.version !== disclosure.version) {
        throw new AppError(409, ERROR_KEYS.consentVersionOutdated, 'A newer disclosure was published: read it before consenting.');
      }
      if (normalizeAccessCode(input.code) !== accessCodeOf(await codeKey(), user.id, disclosure.id)) {
        throw new AppError(400, ERROR_KEYS.consentCodeWrong, 'This is not the code printed in your sample document.');
      }
      const how = await wayOf(user, disclosure, input.how ?? 'sign-in');
      await deps.transact(async (trx) => {
        await deps.consent.record({ userId: user.id, disclosure, event: 'consent', how, ...context }, trx);
        await deps.webhooks?.emitForUsers({ type: 'consent.given', userIds: [user.id], data: { version: disclosure.version, how } }, trx);
      });
      return stateOf(user);
    },

    /** Paper from now on for the covered types; the documents stay readable. */
    async withdraw(user: Actor, context: ConsentContext): Promise<ConsentState> {
      const disclosure = await disclosureFor(user);
      if (!disclosure) throw notAsked();
      await deps.transact(async (trx) => {
        await deps.consent.record({ userId: user.id, disclosure, event: 'withdrawal', how: 'settings', ...context }, trx);
        await deps.webhooks?.emitForUsers({ type: 'consent.withdrawn', userIds: [user.id], data: { version: disclosure.version } }, trx);
      });
      return stateOf(user);
    },

    async versions(actor: Actor, clientId: number): Promise<Disclosure[]> {
      requireTenantClient(actor, clientId);
      return Promise.all((await deps.consent.versions(clientId)).map(presentDisclosure));
    },

    /** The client's next version, in force at once and audited, in one transaction. */
    async publish(actor: Actor, clientId: number, input: PublishDisclosureRequest): Promise<Disclosure> {
      requireTenantClient(actor, clientId);
      const row = await deps.transact(async (trx) => {
        const types = await deps.consent.typesOf({ clientId }, trx);
        const codes = [...new Set(input.typeCodes)];
        const covered = types.filter((type) => codes.includes(type.code));
        if (covered.length !== codes.length) {
          throw new AppError(400, DISCLOSURE_ERROR_KEYS.typeUnknown, 'One of the types is not of this client.');
        }
        const texts = {
          requirements: { en: input.requirementsEn, fr: input.requirementsFr },
          withdrawal: { en: input.withdrawalEn, fr: input.withdrawalFr },
          paper: { en: input.paperEn, fr: input.paperFr },
        };
        const typeCodes = covered.map((type) => type.code);
        const published = await deps.consent.publish(
          {
            clientId,
            reportIds: covered.map((type) => type.id),
            ...texts,
            publishedBy: actor.id,
            hashOf: (version) => disclosureHash({ version, typeCodes, ...texts }),
          },
          trx,
        );
        await deps.audit.record(
          {
            actorUserId: actor.id,
            action: 'publishDisclosure',
            targetUserId: null,
            clientId,
            before: null,
            after: { clientId, version: published.version, types: typeCodes, contentHash: published.content_hash },
          },
          trx,
        );
        return published;
      });
      return presentDisclosure(row);
    },
  };
}
export type DeliveryConsentService = ReturnType<typeof createDeliveryConsentService>;

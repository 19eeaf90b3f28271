import type { Kysely } from 'kysely';
import { disclosureHash } from '../../domain/delivery-consent.js';
import { createDeliveryConsentRepository } from '../repositories/delivery-consent.repository.js';
import type { Database } from '../types.js';

/** Laurentian Utilities' delivery disclosure; Northbridge Financial publishes none, and asks no consent. */
export const DEMO_DISCLOSURE = {
  clientCode: 'LAU',
  typeCodes: ['LAU-BILL', 'LAU-CONTRACT'],
  requirements: {
    en: 'To open your bills and contracts you need a current web browser (Chrome, Edge, Firefox or Safari) and a PDF reader, which those browsers include. Keep your e-mail address up to date: we tell you there when a document arrives.',
    fr: 'Pour ouvrir vos factures et contrats, il vous faut un navigateur web à jour (Chrome, Edge, Firefox ou Safari) et un lecteur PDF, que ces navigateurs comprennent. Gardez votre adresse courriel à jour\u00a0: nous vous y avisons de l’arrivée de chaque document.',
  },
  withdrawal: {
    en: 'You may withdraw your consent at any time in Settings, Electronic delivery. Your documents then come by mail, and those already in the portal stay there.',
    fr: 'Vous pouvez retirer votre consentement en tout temps dans Paramètres, Livraison électronique. Vos documents vous parviennent alors par la poste, et ceux déjà dans le portail y restent.',
  },
  paper: {
    en: 'To receive a paper copy of any document, free of charge, call 1 800 555-0199.',
    fr: 'Pour recevoir gratuitement une copie papier de tout document, composez le 1 800 555-0199.',
  },
} as const;

/**
 * Publishes Laurentian's disclosure and records that its demo customers consented to it when
 * they registered, so that they sign in to their documents as before; a new version published in
 * the console asks them again.
 */
export async function seedDemoConsent(
  trx: Kysely<Database>,
  clientIds: Record<string, number>,
  customers: { userId: number; language: string }[],
): Promise<void> {
  const consent = createDeliveryConsentRepository(trx);
  const clientId = clientIds[DEMO_DISCLOSURE.clientCode]!;
  const types = (await consent.typesOf({ clientId }, trx)).filter((type) =>
    (DEMO_DISCLOSURE.typeCodes as readonly string[]).includes(type.code),
  );
  const texts = { requirements: DEMO_DISCLOSURE.requirements, withdrawal: DEMO_DISCLOSURE.withdrawal, paper: DEMO_DISCLOSURE.paper };
  const disclosure = await consent.publish(
    {
      clientId,
      reportIds: types.map((type) => type.id),
      ...texts,
      publishedBy: 0,
      hashOf: (version) => disclosureHash({ version, typeCodes: types.map((type) => type.code), ...texts }),
    },
    trx,
  );
  for (const customer of customers) {
    await consent.record(
      {
        userId: customer.userId,
        disclosure,
        event: 'consent',
        how: 'registration',
        language: customer.language,
        address: '127.0.0.1',
        userAgent: null,
      },
      trx,
    );
  }
}

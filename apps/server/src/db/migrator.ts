import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { statements as initialSchema } from './migrations/001-initial-schema.js';
import { statements as documentSearchIndex } from './migrations/002-document-search-index.js';
import { statements as reportDocumentCounts } from './migrations/003-report-document-counts.js';
import { statements as dropWholeTextSearchIndex } from './migrations/004-drop-whole-text-search-index.js';
import { statements as registrationProof } from './migrations/005-registration-proof.js';
import { statements as passwordHistoryTrigger } from './migrations/006-password-history-trigger.js';
import { statements as documentsIn } from './migrations/007-documents-in.js';
import { statements as tenantConsole } from './migrations/008-tenant-console.js';
import { statements as brandImageHashes } from './migrations/010-brand-image-hashes.js';
import { statements as typeThumbnailsAndTextOrdering } from './migrations/011-type-thumbnails-and-text-ordering.js';
import { statements as documentTexts } from './migrations/012-document-texts.js';
import { statements as ownerIndexes } from './migrations/013-owner-indexes.js';
import { statements as ownSessions } from './migrations/014-own-sessions.js';
import { statements as trustedDevices } from './migrations/015-trusted-devices.js';
import { statements as passkeys } from './migrations/016-passkeys.js';
import { statements as documentOwnerKeys } from './migrations/017-document-owner-keys.js';
import { statements as attributeValueLabels } from './migrations/018-attribute-value-labels.js';
import { statements as attributeCurrency } from './migrations/019-attribute-currency.js';
import { statements as attributeSuffixIndexes } from './migrations/020-attribute-suffix-indexes.js';
import { statements as documentTextOwners } from './migrations/021-document-text-owners.js';
import { statements as documentTextMonths } from './migrations/022-document-text-months.js';
import { statements as ownerValues } from './migrations/023-owner-values.js';
import { statements as numericSortPattern } from './migrations/024-numeric-sort-pattern.js';
import { statements as ownerSortIndexes } from './migrations/025-owner-sort-indexes.js';
import { statements as readsChangedNotices } from './migrations/026-reads-changed-notices.js';
import { statements as answersChangedNotices } from './migrations/027-answers-changed-notices.js';
import { statements as documentTextStates } from './migrations/028-document-text-states.js';
import { statements as dropAnswersChangedNotices } from './migrations/029-drop-answers-changed-notices.js';
import { statements as dropReadsChangedNotices } from './migrations/030-drop-reads-changed-notices.js';
import { statements as accessEvidence } from './migrations/031-access-evidence.js';
import { statements as legalHolds } from './migrations/032-legal-holds.js';
import { statements as readAcknowledgements } from './migrations/033-read-acknowledgements.js';
import { statements as deliveryConsent } from './migrations/034-delivery-consent.js';
import { statements as paperQueue } from './migrations/035-paper-queue.js';
import { statements as identityConnections } from './migrations/036-identity-connections.js';
import { statements as scimProvisioning } from './migrations/037-scim-provisioning.js';
import { statements as customerViews } from './migrations/038-customer-views.js';
import { statements as webhooks } from './migrations/039-webhooks.js';
import { statements as readFloors } from './migrations/040-read-floors.js';
import { statements as evidenceChainingCheck } from './migrations/041-evidence-chaining-check.js';

/** Migrations in order; each is a list of single SQL statements (PGlite runs one statement per query). */
const MIGRATIONS: Record<string, readonly string[]> = {
  '001-initial-schema': initialSchema,
  '002-document-search-index': documentSearchIndex,
  '003-report-document-counts': reportDocumentCounts,
  '004-drop-whole-text-search-index': dropWholeTextSearchIndex,
  '005-registration-proof': registrationProof,
  '006-password-history-trigger': passwordHistoryTrigger,
  '007-documents-in': documentsIn,
  '008-tenant-console': tenantConsole,
  '010-brand-image-hashes': brandImageHashes,
  '011-type-thumbnails-and-text-ordering': typeThumbnailsAndTextOrdering,
  '012-document-texts': documentTexts,
  '013-owner-indexes': ownerIndexes,
  '014-own-sessions': ownSessions,
  '015-trusted-devices': trustedDevices,
  '016-passkeys': passkeys,
  '017-document-owner-keys': documentOwnerKeys,
  '018-attribute-value-labels': attributeValueLabels,
  '019-attribute-currency': attributeCurrency,
  '020-attribute-suffix-indexes': attributeSuffixIndexes,
  '021-document-text-owners': documentTextOwners,
  '022-document-text-months': documentTextMonths,
  '023-owner-values': ownerValues,
  '024-numeric-sort-pattern': numericSortPattern,
  '025-owner-sort-indexes': ownerSortIndexes,
  '026-reads-changed-notices': readsChangedNotices,
  '027-answers-changed-notices': answersChangedNotices,
  '028-document-text-states': documentTextStates,
  '029-drop-answers-changed-notices': dropAnswersChangedNotices,
  '030-drop-reads-changed-notices': dropReadsChangedNotices,
  '031-access-evidence': accessEvidence,
  '032-legal-holds': legalHolds,
  '033-read-acknowledgements': readAcknowledgements,
  '034-delivery-consent': deliveryConsent,
  '035-paper-queue': paperQueue,
  '036-identity-connections': identityConnections,
  '037-scim-provisioning': scimProvisioning,
  '038-customer-views': customerViews,
  '039-webhooks': webhooks,
  '040-read-floors': readFloors,
  '041-evidence-chaining-check': evidenceChainingCheck,
};

const provider: MigrationProvider = {
  async getMigrations() {
    return Object.fromEntries(
      Object.entries(MIGRATIONS).map(([name, list]): [string, Migration] => [
        name,
        {
          async up(db: Kysely<unknown>) {
            for (const statement of list) await sql.raw(statement).execute(db);
          },
        },
      ]),
    );
  },
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

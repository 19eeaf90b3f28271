import { PassThrough } from 'node:stream';
import { ZipArchive } from 'archiver';
import type { Locale } from '@portal/contract';
import type { AccessEvidenceRepository } from '../../db/repositories/access-evidence.repository.js';
import type { AuditLogRepository } from '../../db/repositories/audit-log.repository.js';
import type { ManagedUsersRepository } from '../../db/repositories/managed-users.repository.js';
import type { Transact } from '../../db/transact.js';
import type { Viewer } from '../../db/repositories/types-in-scope.repository.js';
import { EVIDENCE_FIELD_ORDER, type ChainedEvidence } from '../../domain/access-evidence.js';
import { serverText } from '../../i18n/server-texts.js';
import type { AccessEvidenceService } from '../access-evidence.service.js';
import type { DocumentsService } from '../documents.service.js';
import { requireComplianceScope, type Actor } from '../permissions.js';
import { requireManageableUser } from '../user-management.service.js';
import { buildSummaryPdf } from './summary-pdf.js';
import type { ConsentRow, DeliveryConsentRepository } from '../../db/repositories/delivery-consent.repository.js';

/** A pack as it leaves: a zip, and the name to save it under. */
export interface EvidencePack {
  fileName: string;
  content: Buffer;
}

/** One event as a line of events.jsonl: its facts in the order the hash covers them, then its links. */
function evidenceLine(event: ChainedEvidence): string {
  const facts = Object.fromEntries(EVIDENCE_FIELD_ORDER.map((name) => [name, event[name]]));
  const onBehalfOf = event.onBehalfOf != null && { onBehalfOf: event.onBehalfOf };
  return JSON.stringify({ ...facts, ...onBehalfOf, previousHash: event.previousHash, hash: event.hash });
}

async function zipOf(entries: { name: string; data: Buffer | string }[]): Promise<Buffer> {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    output.once('end', resolve);
    archive.once('error', reject);
  });
  archive.pipe(output);
  for (const entry of entries) archive.append(entry.data, { name: entry.name });
  await archive.finalize();
  await ended;
  return Buffer.concat(chunks);
}

/** One consent or withdrawal as a line of consents.jsonl: what was agreed to (version and hash), when, how and from where. */
function consentLine(row: ConsentRow): string {
  return JSON.stringify({
    event: row.event,
    occurredAt: row.occurred_at.toISOString(),
    user: row.user_id,
    client: row.client_id,
    disclosureVersion: row.disclosure_version,
    disclosureHash: row.disclosure_hash,
    how: row.how,
    language: row.language,
    address: row.address,
    userAgent: row.user_agent,
  });
}

/**
 * Evidence packs: everything recorded of one person's openings of documents, for a dispute or a
 * regulator. The events as JSON lines with their hashes, a readable summary in the language asked,
 * and how a third party checks them. Made by whoever may manage the person (an administrator of
 * its client, a super user), and audited.
 */
export function createEvidencePackService(deps: {
  managedUsers: ManagedUsersRepository;
  evidence: AccessEvidenceRepository;
  chaining: Pick<AccessEvidenceService, 'chainPending'>;
  documents: Pick<DocumentsService, 'findDocument'>;
  audit: AuditLogRepository;
  transact: Transact;
  /** Consents to electronic delivery and withdrawals: a person's, or those of a document's people. */
  consents: Pick<DeliveryConsentRepository, 'historyOf' | 'historyOfDocument'>;
}) {
  /** The pack of what `subject` names, with the chains its events belong to as they stand; audited. */
  async function packOf(
    actor: Actor & { username: string },
    subject: {
      events: { userId: number } | { documentId: number };
      line: string;
      noEvents: string;
      fileName: string;
      targetUserId: number | null;
      /** The consent history of the people the pack is about. */
      consents: ConsentRow[];
    },
    language: Locale,
  ): Promise<EvidencePack> {
    // What was recorded up to now goes into the pack chained, not left out.
    await deps.chaining.chainPending();
    const events = await deps.evidence.eventsOf(subject.events);
    const chains = [];
    for (const client of new Set(events.map((event) => event.client))) {
      const head = await deps.evidence.chainHead(client);
      if (head) chains.push({ client, ...head });
    }
    const producedAt = new Date();
    const summary = await buildSummaryPdf({
      language,
      subject: subject.line,
      noEvents: subject.noEvents,
      producedAt,
      producedBy: actor.username,
      events,
      chains,
    });
    const content = await zipOf([
      { name: 'events.jsonl', data: events.map((event) => `${evidenceLine(event)}\n`).join('') },
      { name: 'summary.pdf', data: Buffer.from(summary) },
      { name: 'verification.txt', data: `${serverText(language, 'evidencePack.verification')}\n` },
      { name: 'consents.jsonl', data: subject.consents.map((row) => `${consentLine(row)}\n`).join('') },
    ]);
    const after = { ...subject.events, events: events.length };
    await deps.transact((trx) =>
      deps.audit.record({ actorUserId: actor.id, action: 'exportEvidence', targetUserId: subject.targetUserId, before: null, after }, trx),
    );
    return { fileName: `${subject.fileName}-${producedAt.toISOString().slice(0, 10)}.zip`, content };
  }

  return {
    /** Every opening of a document by one person the actor may manage. */
    async forPerson(actor: Actor & { username: string }, userId: number, language: Locale): Promise<EvidencePack> {
      requireComplianceScope(actor);
      const person = await requireManageableUser(deps.managedUsers, actor, userId);
      const name = `${person.first_name} ${person.last_name}`.trim();
      const line = serverText(language, 'evidencePack.subjectPerson', { name, username: person.username, id: person.id });
      const noEvents = serverText(language, 'evidencePack.noEventsOfPerson');
      const consents = await deps.consents.historyOf(person.id);
      return packOf(
        actor,
        { events: { userId: person.id }, line, noEvents, fileName: `evidence-${person.id}`, targetUserId: person.id, consents },
        language,
      );
    },

    /** Every opening, by anyone, of one document the actor sees. */
    async forDocument(viewer: Viewer<Actor & { username: string }>, documentKey: string, language: Locale): Promise<EvidencePack> {
      requireComplianceScope(viewer.user);
      const document = await deps.documents.findDocument(viewer, documentKey, language);
      const line = serverText(language, 'evidencePack.subjectDocument', {
        title: document.typeTitle,
        date: document.date,
        id: document.id,
      });
      const noEvents = serverText(language, 'evidencePack.noEventsOfDocument');
      const fileName = `evidence-document-${document.id}`;
      const consents = await deps.consents.historyOfDocument(document.id);
      return packOf(viewer.user, { events: { documentId: document.id }, line, noEvents, fileName, targetUserId: null, consents }, language);
    },
  };
}
export type EvidencePackService = ReturnType<typeof createEvidencePackService>;

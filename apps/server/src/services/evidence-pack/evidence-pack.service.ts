import { PassThrough } from 'node:stream';
import { ZipArchive } from 'archiver';
import type { Locale } from '@portal/contract';
import type { AccessEvidenceRepository } from '../../db/repositories/access-evidence.repository.js';
import type { AuditLogRepository } from '../../db/repositories/audit-log.repository.js';
import type { ManagedUsersRepository } from '../../db/repositories/managed-users.repository.js';
import type { Transact } from '../../db/transact.js';
import { EVIDENCE_FIELD_ORDER, type ChainedEvidence } from '../../domain/access-evidence.js';
import { serverText } from '../../i18n/server-texts.js';
import type { AccessEvidenceService } from '../access-evidence.service.js';
import { requireEvidenceScope, type Actor } from '../permissions.js';
import { requireManageableUser } from '../user-management.service.js';
import { buildSummaryPdf } from './summary-pdf.js';

/** A pack as it leaves: a zip, and the name to save it under. */
export interface EvidencePack {
  fileName: string;
  content: Buffer;
}

/** One event as a line of events.jsonl: its facts in the order the hash covers them, then its links. */
export function evidenceLine(event: ChainedEvidence): string {
  const facts = Object.fromEntries(EVIDENCE_FIELD_ORDER.map((name) => [name, event[name]]));
  return JSON.stringify({ ...facts, previousHash: event.previousHash, hash: event.hash });
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
  audit: AuditLogRepository;
  transact: Transact;
}) {
  return {
    async forPerson(actor: Actor & { username: string }, userId: number, language: Locale): Promise<EvidencePack> {
      requireEvidenceScope(actor);
      const person = await requireManageableUser(deps.managedUsers, actor, userId);
      // What was recorded up to now goes into the pack chained, not left out.
      await deps.chaining.chainPending();
      const events = await deps.evidence.eventsOf({ userId: person.id });
      const clients = [...new Set(events.map((event) => event.client))];
      const chains = [];
      for (const client of clients) {
        const head = await deps.evidence.chainHead(client);
        if (head) chains.push({ client, ...head });
      }
      const producedAt = new Date();
      const summary = await buildSummaryPdf({
        language,
        person: { id: person.id, username: person.username, name: `${person.first_name} ${person.last_name}`.trim() },
        producedAt,
        producedBy: actor.username,
        events,
        chains,
      });
      const content = await zipOf([
        { name: 'events.jsonl', data: events.map((event) => `${evidenceLine(event)}\n`).join('') },
        { name: 'summary.pdf', data: Buffer.from(summary) },
        { name: 'verification.txt', data: `${serverText(language, 'evidencePack.verification')}\n` },
      ]);
      await deps.transact((trx) =>
        deps.audit.record(
          { actorUserId: actor.id, action: 'exportEvidence', targetUserId: person.id, before: null, after: { events: events.length } },
          trx,
        ),
      );
      const day = producedAt.toISOString().slice(0, 10);
      return { fileName: `evidence-${person.id}-${day}.zip`, content };
    },
  };
}
export type EvidencePackService = ReturnType<typeof createEvidencePackService>;

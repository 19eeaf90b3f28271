import { hash } from 'node:crypto';

/**
 * What a person did with a document: shown in place, saved, merged with others into one PDF, zipped
 * with others, or confirmed as read (a type that asks for acknowledgements).
 */
export type EvidenceAction = 'preview' | 'download' | 'merged-pdf' | 'zip' | 'acknowledge';

/** The hash before a client's first event: its chain starts from nothing. */
export const CHAIN_START = '0'.repeat(64);

/** What one event states, in the order its hash covers it. */
export interface EvidenceFacts {
  client: number;
  seq: number;
  /** ISO 8601 in UTC with milliseconds, as `Date.toISOString()` writes it. */
  occurredAt: string;
  user: number;
  username: string;
  document: number;
  type: string;
  version: number;
  contentHash: string | null;
  action: EvidenceAction;
  address: string;
  userAgent: string | null;
  /**
   * The customer a staff member acted for in a customer view (the event's user is the staff
   * member). Absent or null otherwise; hashed only when present, so events without it keep the
   * hash of the twelve facts above.
   */
  onBehalfOf?: number | null;
}

/** The facts' names in the order the hash covers them (the export writes them so, and docs/evidence.md lists them). */
export const EVIDENCE_FIELD_ORDER = [
  'client',
  'seq',
  'occurredAt',
  'user',
  'username',
  'document',
  'type',
  'version',
  'contentHash',
  'action',
  'address',
  'userAgent',
] as const satisfies readonly (keyof EvidenceFacts)[];

/** In one call: chaining an event takes thirteen digests, and none needs a hash object of its own. */
function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex');
}

/**
 * An event's hash: SHA-256 of the previous event's hash and the SHA-256 of each fact (its text,
 * empty for none), joined by colons, all in lowercase hex. Each fact is hashed on its own so that
 * no character a fact may hold (a colon or a line break in a user agent) can shift one fact into
 * the next; anyone can recompute it with any SHA-256 tool.
 */
export function evidenceHash(previousHash: string, facts: EvidenceFacts): string {
  const parts = EVIDENCE_FIELD_ORDER.map((name) => sha256Hex(facts[name] === null ? '' : String(facts[name])));
  if (facts.onBehalfOf != null) parts.push(sha256Hex(String(facts.onBehalfOf)));
  return sha256Hex([previousHash, ...parts].join(':'));
}

/** An event as chained: its facts with the hash before it and its own. */
export interface ChainedEvidence extends EvidenceFacts {
  previousHash: string;
  hash: string;
}

/** Where a chain first fails to hold, and why. */
export interface BrokenLink {
  client: number;
  seq: number;
  problem: 'out-of-sequence' | 'previous-hash' | 'hash';
}

/**
 * Follows one client's chain in order, batch after batch: `check` answers the first broken link
 * of the next batch, carrying where the previous one ended.
 */
export function createChainCheck(client: number) {
  let expectedSeq = 1;
  let previousHash = CHAIN_START;
  return {
    check(events: readonly ChainedEvidence[]): BrokenLink | null {
      for (const event of events) {
        if (event.seq !== expectedSeq) return { client, seq: expectedSeq, problem: 'out-of-sequence' };
        if (event.previousHash !== previousHash) return { client, seq: event.seq, problem: 'previous-hash' };
        if (evidenceHash(event.previousHash, event) !== event.hash) return { client, seq: event.seq, problem: 'hash' };
        expectedSeq += 1;
        previousHash = event.hash;
      }
      return null;
    },
    get checked() {
      return expectedSeq - 1;
    },
    get head() {
      return previousHash;
    },
  };
}

const PROBLEMS: Record<BrokenLink['problem'], string> = {
  'out-of-sequence': 'is missing: the chain skips it or holds it twice',
  'previous-hash': 'does not carry the hash of the event before it',
  hash: 'does not match its own facts: they were changed after it was chained',
};

/** A broken link in words, for the verification's report. */
export function describeBrokenLink(link: BrokenLink): string {
  return `Broken: client ${link.client}, event ${link.seq} ${PROBLEMS[link.problem]}.`;
}

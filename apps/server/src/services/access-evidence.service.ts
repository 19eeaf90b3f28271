import type { AccessEvidenceRepository } from '../db/repositories/access-evidence.repository.js';
import type { Transact } from '../db/transact.js';
import { CHAIN_START, createChainCheck, evidenceHash, type BrokenLink } from '../domain/access-evidence.js';

/** Events chained per transaction, and read per batch when a chain is verified. */
const BATCH = 1_000;

/** One client's chain as verification found it. */
export interface ChainSummary {
  client: number;
  events: number;
  /** The hash of its last event: what a later check can compare with. */
  head: string;
}

export interface VerificationReport {
  chains: ChainSummary[];
  /** The first link that does not hold, or null when every chain holds. */
  broken: BrokenLink | null;
  /** Events recorded and not yet chained (the chaining job takes them within its minute). */
  unchained: number;
}

export function createAccessEvidenceService(deps: { evidence: AccessEvidenceRepository; transact: Transact }) {
  /** Chains one batch of the oldest unchained events after their clients' heads; answers how many. */
  function chainBatch(): Promise<number> {
    return deps.transact(async (trx) => {
      await deps.evidence.holdChaining(trx);
      const events = await deps.evidence.unchained(trx, BATCH);
      const heads = await deps.evidence.chainHeads(trx, [...new Set(events.map((event) => event.facts.client))]);
      const links = events.map(({ id, facts }) => {
        const head = heads.get(facts.client) ?? { seq: 0, hash: CHAIN_START };
        const link = { id, seq: head.seq + 1, previousHash: head.hash };
        const hash = evidenceHash(link.previousHash, { ...facts, seq: link.seq });
        heads.set(facts.client, { seq: link.seq, hash });
        return { ...link, hash };
      });
      await deps.evidence.chain(trx, links);
      return events.length;
    });
  }

  return {
    /** Gives every event recorded so far its place in its client's chain; answers how many it chained. */
    async chainPending(): Promise<number> {
      let chained = 0;
      for (;;) {
        const count = await chainBatch();
        chained += count;
        if (count < BATCH) return chained;
      }
    },

    /** Checks every client's chain from its first event; `onProgress` hears of each batch checked. */
    async verify(onProgress?: (client: number, checked: number) => void): Promise<VerificationReport> {
      const chains: ChainSummary[] = [];
      for (const client of await deps.evidence.chainedClients()) {
        const chain = createChainCheck(client);
        for (;;) {
          const events = await deps.evidence.chainAfter(client, chain.checked, BATCH);
          const broken = chain.check(events);
          if (broken) return { chains, broken, unchained: await deps.evidence.unchainedCount() };
          onProgress?.(client, chain.checked);
          if (events.length < BATCH) break;
        }
        chains.push({ client, events: chain.checked, head: chain.head });
      }
      return { chains, broken: null, unchained: await deps.evidence.unchainedCount() };
    },
  };
}
export type AccessEvidenceService = ReturnType<typeof createAccessEvidenceService>;

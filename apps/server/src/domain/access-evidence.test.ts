import { describe, expect, it } from 'vitest';
import { CHAIN_START, evidenceHash, type EvidenceFacts } from './access-evidence.js';

/**
 * Known answers, computed outside the portal by the recipe docs/evidence.md gives a third party
 * (Python's hashlib: each fact's SHA-256 in hex, joined by colons after the previous hash, hashed
 * again). Chains already written must keep verifying, so the recipe must never drift.
 */
const event: EvidenceFacts = {
  client: 4,
  seq: 57,
  occurredAt: '2026-12-06T18:40:02.123Z',
  user: 12,
  username: 'marie.tremblay',
  document: 9001,
  type: 'BILL',
  version: 2,
  contentHash: null,
  action: 'download',
  address: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (X11: Linux)\nline two',
};

describe('evidenceHash', () => {
  it('hashes the twelve facts as the published recipe does, a missing fact as empty text', () => {
    expect(evidenceHash(CHAIN_START, event)).toBe('79c2325ffb051e0095aac6be465c269dd9575d2071d264458765294340d117ec');
  });

  it('hashes the customer a member of staff acted for last, and only when there is one', () => {
    expect(evidenceHash(CHAIN_START, { ...event, onBehalfOf: 31 })).toBe(
      'a26b87cb9cda3a901d8fd5fc58fb6f9944276cc36be5bd14247a4e8ff0cb358a',
    );
    expect(evidenceHash(CHAIN_START, { ...event, onBehalfOf: null })).toBe(evidenceHash(CHAIN_START, event));
  });
});

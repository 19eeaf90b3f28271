import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { ChainedEvidence } from '../../domain/access-evidence.js';
import { SUMMARY_EVENTS_MAX, buildSummaryPdf } from './summary-pdf.js';

const event = (seq: number): ChainedEvidence => ({
  client: 1,
  seq,
  occurredAt: '2026-12-06T18:40:02.123Z',
  user: 7,
  username: 'camille 🦊',
  document: 1000 + seq,
  type: 'STMT',
  version: 1,
  contentHash: null,
  action: 'download',
  address: '192.0.2.10',
  userAgent: null,
  previousHash: '0'.repeat(64),
  hash: 'a'.repeat(64),
});

const summaryOf = async (count: number) =>
  PDFDocument.load(
    await buildSummaryPdf({
      language: 'fr',
      subject: 'Personne : Camille 🦊 (id 7)',
      noEvents: 'Aucune',
      producedAt: new Date('2026-12-06T19:00:00Z'),
      producedBy: 'admin',
      events: Array.from({ length: count }, (_, index) => event(index + 1)),
      chains: [{ client: 1, seq: count, hash: 'a'.repeat(64) }],
    }),
  );

describe('the summary of an evidence pack', () => {
  it('writes what its font lacks as question marks, and lists at most its maximum of events', async () => {
    const atMost = await summaryOf(SUMMARY_EVENTS_MAX);
    const many = await summaryOf(SUMMARY_EVENTS_MAX * 4);
    expect(atMost.getTitle()).toBe("Preuve d'accès aux documents");
    // The events past the maximum add one line saying where they are, never their own pages.
    expect(many.getPageCount()).toBeLessThanOrEqual(atMost.getPageCount() + 1);
    expect(atMost.getPageCount()).toBeGreaterThan(1);
  });
});

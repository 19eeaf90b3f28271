import type { FastifyReply } from 'fastify';
import { ERROR_KEYS } from '@portal/contract';
import { AppError } from '../errors.js';

/**
 * How many of the heavy answers (zips, merged PDFs, usage spreadsheets) one person may have on
 * their way at once, in this instance. Each holds files, database cursors and memory while it is
 * sent; without a cap one person's script could hold them all. The slot is given back when the
 * answer is finished or its connection closes, whichever comes first.
 */
export function createDownloadGate(perPerson: number) {
  const inFlight = new Map<number, number>();
  return {
    /** Takes a slot for the person or refuses with 429; call it before any work for the answer starts. */
    enter(personId: number, reply: FastifyReply): void {
      const current = inFlight.get(personId) ?? 0;
      if (current >= perPerson) {
        throw new AppError(
          429,
          ERROR_KEYS.tooManyDownloads,
          'Other downloads of yours are still on their way; try again when one has finished.',
        );
      }
      inFlight.set(personId, current + 1);
      reply.raw.once('close', () => {
        const left = (inFlight.get(personId) ?? 1) - 1;
        if (left > 0) inFlight.set(personId, left);
        else inFlight.delete(personId);
      });
    },
  };
}
export type DownloadGate = ReturnType<typeof createDownloadGate>;

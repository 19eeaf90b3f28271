import type { FastifyReply } from 'fastify';
import type { AppError } from '../errors.js';

/**
 * How many answers of one kind one owner (a person, an API key) may have on their way at once, in
 * this instance. The slot is given back when the answer is finished or its connection closes,
 * whichever comes first. Counts live in memory: they bound what one instance holds, and a restart
 * has nothing in flight.
 */
export function createInFlightGate<Owner>(perOwner: number, refusal: () => AppError) {
  const inFlight = new Map<Owner, number>();
  return {
    /** Takes a slot for the owner or throws the refusal; call it before any work for the answer starts. */
    enter(owner: Owner, reply: FastifyReply): void {
      const current = inFlight.get(owner) ?? 0;
      if (current >= perOwner) throw refusal();
      inFlight.set(owner, current + 1);
      reply.raw.once('close', () => {
        const left = (inFlight.get(owner) ?? 1) - 1;
        if (left > 0) inFlight.set(owner, left);
        else inFlight.delete(owner);
      });
    },
  };
}
export type InFlightGate<Owner> = ReturnType<typeof createInFlightGate<Owner>>;

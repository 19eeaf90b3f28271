import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { readContext, type ReadContext } from '../db/read-replicas/read-context.js';
import type { ReadFloorsRepository } from '../db/repositories/read-floors.repository.js';

/** Whose writes a request makes: the signed-in person, or the API key of a back office. */
function principalOf(request: FastifyRequest): string | null {
  if (request.auth) return `user:${request.auth.user.id}`;
  if (request.apiKey) return `key:${request.apiKey.keyId}`;
  return null;
}

/**
 * Read-your-writes with read replicas. Each request runs in a read context the database layer
 * consults (read-replicas/read-context.ts). Once a request has written, its own reads go to the
 * primary, and before its answer leaves, the primary's WAL position is kept as its person's floor:
 * their next calls, on any instance, read from a replica only once it has replayed that far.
 */
async function readYourWritesPlugin(app: FastifyInstance, options: { floors: ReadFloorsRepository }) {
  app.addHook('onRequest', (request, _reply, done) => {
    let floor: Promise<bigint | null> | undefined;
    const context: ReadContext = {
      wrote: false,
      floor() {
        const principal = principalOf(request);
        floor ??= principal ? options.floors.floorOf(principal) : Promise.resolve(null);
        return floor;
      },
    };
    readContext.run(context, done);
  });
  app.addHook('onSend', async (request) => {
    const context = readContext.getStore();
    const principal = principalOf(request);
    if (!context?.wrote || !principal) return;
    try {
      await options.floors.raise(principal);
    } catch (error) {
      // The write itself has committed; without its floor the person may read a replica that has
      // not replayed it yet for a moment, which is no reason to fail the answer.
      request.log.warn({ err: error }, 'read floor not kept');
    }
  });
}

export default fp(readYourWritesPlugin, { name: 'read-your-writes' });

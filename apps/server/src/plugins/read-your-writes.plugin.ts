import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { readContext, type ReadContext } from '../db/read-replicas/read-context.js';
import { walPosition } from '../db/read-replicas/wal-position.js';
import type { ReadFloorsRepository } from '../db/repositories/read-floors.repository.js';

/**
 * Read-your-writes with read replicas. Each request runs in a read context the database layer
 * consults (read-replicas/read-context.ts). Once a request has written, its own reads go to the
 * primary, and before its answer leaves, the primary's WAL position is kept as its person's floor:
 * their next calls, on any instance, read from a replica only once it has replayed that far. A
 * request that opens a session (sign-in) raises the floor of the person it signed in. The versioned
 * API's callers (API keys) read the primary, so they see their writes without a floor.
 */
async function readYourWritesPlugin(app: FastifyInstance, options: { floors: ReadFloorsRepository }) {
  app.addHook('onRequest', (request, _reply, done) => {
    const context: ReadContext = {
      wrote: false,
      // Read with the session (users.repository's findBySession): no statement of its own.
      floor: () => Promise.resolve(request.auth?.readFloor ? walPosition(request.auth.readFloor) : null),
    };
    readContext.run(context, done);
  });
  app.addHook('onSend', async (request) => {
    if (!readContext.getStore()?.wrote) return;
    try {
      if (request.auth) await options.floors.raise(request.auth.user.id);
      else if (request.issuedSessionHash) await options.floors.raiseForSession(request.issuedSessionHash);
    } catch (error) {
      // The write itself has committed; without its floor the person may read a replica that has
      // not replayed it yet for a moment, which is no reason to fail the answer.
      request.log.warn({ err: error }, 'read floor not kept');
    }
  });
}

export default fp(readYourWritesPlugin, { name: 'read-your-writes' });

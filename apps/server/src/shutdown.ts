import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from './db/database.js';

/**
 * What a deployment's stop signal does: stop taking connections, let the requests in flight
 * finish (a zip or a spreadsheet half sent is completed) for at most `graceMs`, then cut what is
 * still open; stop the job queue (a running job gets a few seconds, see composeServices), close
 * the database, and exit 0. A second signal exits at once.
 */
export function exitGracefullyOnSignals(app: FastifyInstance, database: DatabaseHandle, graceMs: number): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'second stop signal: exiting now');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal, graceMs }, 'shutting down: no new connections, finishing the requests in flight');
    const deadline = setTimeout(() => {
      app.log.warn('grace period over: closing the connections still open');
      app.server.closeAllConnections();
    }, graceMs);
    deadline.unref();
    try {
      await app.close();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
    }
    clearTimeout(deadline);
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/database.js';

export type JobQueue = PgBoss;

/**
 * The process's one job queue, kept in the database (pg-boss): the outbox's deliveries and the
 * scheduled jobs share it. With `runSchedules`, this instance also watches the cron schedules;
 * pg-boss lets one instance at a time fire each due schedule, so a job runs once per period
 * however many instances watch.
 */
export async function startJobQueue(deps: {
  database: DatabaseHandle;
  logger: FastifyBaseLogger;
  runSchedules: boolean;
}): Promise<JobQueue> {
  const queue = new PgBoss({
    db: { executeSql: deps.database.executeSql } as PgBoss.Db,
    schedule: deps.runSchedules,
    // Delivered messages hold codes and links: keep them only briefly. (Sixty seconds is also the
    // least the schedule watcher accepts: it keeps each fired schedule that long to fire it once.)
    archiveCompletedAfterSeconds: 60,
    deleteAfterSeconds: 60,
  });
  queue.on('error', (error) => deps.logger.error({ err: error }, 'job queue error'));
  await queue.start();
  return queue;
}

/** Jobs not yet taken (created, or waiting to be tried again), per queue. */
export async function waitingJobs(queue: JobQueue): Promise<Record<string, number>> {
  const queues = await queue.getQueues();
  const sizes = await Promise.all(queues.map(async ({ name }) => [name, await queue.getQueueSize(name, { before: 'active' })] as const));
  return Object.fromEntries(sizes);
}

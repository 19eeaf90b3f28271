import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from './job-queue.js';

/** Work the portal does on a clock rather than on a request. */
export interface ScheduledJob {
  /** The job's queue and schedule name: letters, digits and hyphens. */
  name: string;
  /** Five cron fields, read in UTC. */
  cron: string;
  /** A run still going after this long counts as lost; the next period starts it again. */
  expireInMinutes: number;
  /** One run. The schedule calls it, and so may anyone who needs a run now (an operator, a test). */
  run(): Promise<unknown>;
}

export interface ScheduledJobs {
  readonly names: readonly string[];
  /** Runs one job now, in this process, and answers what the run returns. */
  runNow(name: string): Promise<unknown>;
}

/** How often an instance looks for a fired schedule: the jobs are hourly at most, a few seconds late is nothing. */
const POLLING_INTERVAL_SECONDS = 10;

/**
 * Registers each job's schedule and works its queue. Schedules live in the database and are
 * cluster-wide: whichever instance fires a due schedule queues one run, and the queue's 'stately'
 * policy keeps at most one run waiting and one running, so a slow run is never doubled by the
 * next period's. A failed run is logged and waits for its next period (no retry: the next run
 * does the same work).
 */
export async function startScheduledJobs(deps: { queue: JobQueue; logger: FastifyBaseLogger; jobs: ScheduledJob[] }): Promise<void> {
  for (const job of deps.jobs) {
    const options = { name: job.name, policy: 'stately' as const, retryLimit: 0, expireInSeconds: job.expireInMinutes * 60 };
    await deps.queue.createQueue(job.name, options);
    // A queue made by an earlier release keeps its settings unless told the current ones.
    await deps.queue.updateQueue(job.name, options);
    await deps.queue.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    await deps.queue.work(job.name, { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS }, async () => {
      await runLogged(job, deps.logger);
    });
  }
}

/** The jobs by name, to run one at once. */
export function describeScheduledJobs(jobs: ScheduledJob[], logger: FastifyBaseLogger): ScheduledJobs {
  const byName = new Map(jobs.map((job) => [job.name, job]));
  return {
    names: [...byName.keys()],
    runNow(name) {
      const job = byName.get(name);
      if (!job) throw new Error(`No scheduled job is named ${name}`);
      return runLogged(job, logger);
    },
  };
}

async function runLogged(job: ScheduledJob, logger: FastifyBaseLogger): Promise<unknown> {
  const started = Date.now();
  try {
    const result = await job.run();
    logger.info({ job: job.name, result, ms: Date.now() - started }, 'scheduled job done');
    return result;
  } catch (error) {
    logger.error({ err: error, job: job.name, ms: Date.now() - started }, 'scheduled job failed; it runs again next period');
    throw error;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The scheduled jobs, to run one now beside their schedules. */
    scheduledJobs: ScheduledJobs;
  }
}

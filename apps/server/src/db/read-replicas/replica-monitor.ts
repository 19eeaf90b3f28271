import { lastRecordEnd, walPosition } from './wal-position.js';

/**
 * What a replica is good for now: `usable` serves reads; `lagging` has fallen further behind the
 * primary than the bound allows; `down` did not answer; `promoted` is no longer a replica (a
 * failover made it a primary), so its data may have parted from the primary's.
 */
export type ReplicaCondition = 'usable' | 'lagging' | 'down' | 'promoted';

export interface ReplicaState {
  /** `replica1`, `replica2`…: in the order of DATABASE_READ_URLS (addresses are not shown). */
  name: string;
  condition: ReplicaCondition;
  /** How long ago the primary was where the replica has replayed to (0 when it has caught up); null when unknown. */
  lagSeconds: number | null;
  /** The WAL position replayed at the last check. */
  replayed: bigint | null;
}

export interface MonitoredReplica {
  /** `pg_is_in_recovery()` and `pg_last_wal_replay_lsn()` of the replica. */
  readPosition(): Promise<{ inRecovery: boolean; replayed: string | null }>;
}

interface PrimarySample {
  at: number;
  position: bigint;
}

export interface ReplicaMonitorOptions {
  replicas: MonitoredReplica[];
  /** `pg_current_wal_insert_lsn()` of the primary: where its next write will go. */
  primaryPosition(): Promise<string>;
  maxLagSeconds: number;
  checkEveryMs: number;
  /** A check that takes longer counts the replica down. */
  answerWithinMs: number;
  now?: () => number;
}

/**
 * Watches each replica against the primary. Lag is measured in time, not bytes: the monitor keeps
 * the primary's WAL position at each check, and a replica's lag is how long ago the primary first
 * stood beyond what the replica has replayed. An idle primary leaves an up-to-date replica at 0, and
 * a replica whose replay is paused lags from the first write it has not replayed.
 */
export function createReplicaMonitor(options: ReplicaMonitorOptions) {
  const now = options.now ?? Date.now;
  const states: ReplicaState[] = options.replicas.map((_, index) => ({
    name: `replica${index + 1}`,
    condition: 'down',
    lagSeconds: null,
    replayed: null,
  }));
  const samples: PrimarySample[] = [];
  const keepSamplesMs = Math.max(60_000, options.maxLagSeconds * 4_000);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let nextPick = 0;

  const withinTime = <T>(work: Promise<T>) =>
    Promise.race([
      work,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer in time')), options.answerWithinMs).unref()),
    ]);

  /**
   * Seconds since the primary first stood past `replayed`; null when even the oldest position kept
   * is past it (just after start, say), since how far behind it is cannot be told yet.
   */
  function lagOf(replayed: bigint): number | null {
    const latest = samples.at(-1);
    if (!latest || replayed >= lastRecordEnd(latest.position)) return 0;
    const firstAhead = samples.findIndex((sample) => lastRecordEnd(sample.position) > replayed);
    if (firstAhead <= 0) return null;
    return Math.max(0, (now() - samples[firstAhead]!.at) / 1_000);
  }

  async function checkOne(replica: MonitoredReplica, state: ReplicaState): Promise<void> {
    try {
      const { inRecovery, replayed } = await withinTime(replica.readPosition());
      if (!inRecovery || replayed === null) {
        Object.assign(state, { condition: 'promoted', lagSeconds: null, replayed: null });
        return;
      }
      const position = walPosition(replayed);
      const lagSeconds = lagOf(position);
      // Behind every position kept: at least as far behind as the oldest, and serving nothing until known.
      const lagAtLeast = lagSeconds ?? (now() - samples[0]!.at) / 1_000;
      const condition = lagSeconds === null || lagSeconds > options.maxLagSeconds ? 'lagging' : 'usable';
      Object.assign(state, { condition, lagSeconds: lagAtLeast, replayed: position });
    } catch {
      Object.assign(state, { condition: 'down', lagSeconds: null });
    }
  }

  async function check(): Promise<void> {
    try {
      samples.push({ at: now(), position: walPosition(await withinTime(options.primaryPosition())) });
    } catch {
      // The primary did not answer: lags are measured against what it last said.
    }
    while (samples.length > 1 && samples[0]!.at < now() - keepSamplesMs) samples.shift();
    await Promise.all(options.replicas.map((replica, index) => checkOne(replica, states[index]!)));
  }

  /** One check at a time: a slow one is not overtaken by the next. */
  function checkNow(): Promise<void> {
    running ??= check().finally(() => (running = undefined));
    return running;
  }

  return {
    checkNow,
    start() {
      timer ??= setInterval(() => void checkNow(), options.checkEveryMs);
      timer.unref();
      return checkNow();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
    states: (): readonly ReplicaState[] => states,
    /** Whether any replica may serve reads now (before asking for a person's floor). */
    anyUsable: () => states.some((state) => state.condition === 'usable'),
    /**
     * The index of a usable replica that has replayed at least `floor` (in turn, to spread the
     * reads), or null: then the primary serves.
     */
    pick(floor: bigint | null): number | null {
      const count = states.length;
      for (let step = 0; step < count; step += 1) {
        const index = (nextPick + step) % count;
        const state = states[index]!;
        if (state.condition !== 'usable' || state.replayed === null) continue;
        if (floor !== null && state.replayed < lastRecordEnd(floor)) continue;
        nextPick = index + 1;
        return index;
      }
      return null;
    },
    /** A replica that refused a connection is taken as down until its next check says otherwise. */
    markDown(index: number): void {
      Object.assign(states[index]!, { condition: 'down', lagSeconds: null });
    },
  };
}
export type ReplicaMonitor = ReturnType<typeof createReplicaMonitor>;

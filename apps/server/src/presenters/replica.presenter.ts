import type { ReplicaState } from '../db/read-replicas/replica-monitor.js';

/** A read replica as /healthz shows it: its name (never its address), its condition and its lag. */
export function presentReplica(replica: ReplicaState) {
  return {
    name: replica.name,
    state: replica.condition,
    lagSeconds: replica.lagSeconds === null ? null : Math.round(replica.lagSeconds * 1_000) / 1_000,
  };
}

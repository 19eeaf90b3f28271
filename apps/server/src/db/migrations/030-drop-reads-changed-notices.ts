import { NOTIFYING_TABLES } from './026-reads-changed-notices.js';

/**
 * No instance keeps the reads every signed-in call repeats any longer: under traffic of many
 * people, a session or a person's grants is seldom read twice within the second it was kept, and
 * the one read that was (a client's types) did not raise throughput by a measurable share. Nothing
 * listens for these notices now: the triggers of migration 026 and their function go, on both back
 * ends.
 */
export const statements = [
  ...Object.keys(NOTIFYING_TABLES).map((table) => `DROP TRIGGER IF EXISTS ${table}_reads_changed ON ${table}`),
  'DROP FUNCTION IF EXISTS portal_notify_reads_changed()',
];

import { ANSWER_TABLES } from './027-answers-changed-notices.js';

/**
 * No instance keeps a person's answers any longer (traffic of many people asking many things
 * seldom repeats a call within the second an answer was kept), so the documents' tables need not
 * send a notice after each write: their triggers go. The notices of migration 026 stay, for the
 * reads each instance keeps.
 */
export const statements = ANSWER_TABLES.map((table) => `DROP TRIGGER IF EXISTS ${table}_answers_changed ON ${table}`);

import type { FastifyReply } from 'fastify';
import type { ReadCache } from '../db/read-cache.js';

/**
 * Sends a person's answer to a call people repeat, as kept under `key` (the person's id first)
 * since the last write to anything it was read from, or as `produce` makes it now. What is kept is
 * the JSON sent, checked against the endpoint's answer schema when it was made: a repeated call
 * costs neither the database nor the answer's check and serialisation.
 *
 * Only calls that write nothing may be kept. The cache forgets on every write this instance makes,
 * on every other instance's write to the documents' tables or to the tables the repeated reads read
 * (migrations 026 and 027), and after a second at most (database.ts).
 */
export async function sendKeptAnswer(reply: FastifyReply, answers: ReadCache, key: string, produce: () => Promise<unknown>) {
  const json = await answers.remember(key, async () => reply.serialize(await produce()));
  return reply.type('application/json; charset=utf-8').send(json);
}

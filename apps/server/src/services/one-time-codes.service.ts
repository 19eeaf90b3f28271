import { randomInt } from 'node:crypto';
import { CODE_LENGTH, ERROR_KEYS, resendDelayAfter } from '@portal/contract';
import type { CodeOwner, OneTimeCodesRepository } from '../db/repositories/one-time-codes.repository.js';
import type { Tx } from '../db/transact.js';
import { AppError } from '../errors.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { createSecret, hashSecret } from './tokens.js';

/** Codes sent within this time of each other form one chain, whose resend delays grow. */
const CHAIN_WINDOW_MS = 60 * 60_000;

export const codeInvalid = () => new AppError(400, ERROR_KEYS.codeInvalid, 'The code is invalid.');

export interface IssuedCode {
  code: string;
  /** Seconds before the next code of the chain may be sent. */
  nextResendSeconds: number;
}

/**
 * Seven random digits, kept only as an argon2 hash, single use, valid for a limited time and
 * a limited number of tries; a new code voids the previous one and must wait its turn.
 */
export function createOneTimeCodeService(deps: {
  codes: OneTimeCodesRepository;
  ttlMinutes: number;
  maxAttempts: number;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  /** The code of the chain sent last, unless it was used: a used code ends its chain. */
  async function previousOf(owner: CodeOwner, current: Date) {
    const latest = await deps.codes.latest(owner, new Date(current.getTime() - CHAIN_WINDOW_MS));
    return latest?.consumed_at ? undefined : latest;
  }

  const secondsToWait = (previous: Awaited<ReturnType<typeof previousOf>>, current: Date) =>
    previous
      ? Math.max(0, Math.ceil((previous.created_at.getTime() + resendDelayAfter(previous.send_number) * 1000 - current.getTime()) / 1000))
      : 0;

  /** Seconds before another code of the chain may be sent; 0 when one may be sent now. */
  async function secondsBeforeNext(owner: CodeOwner): Promise<number> {
    const current = now();
    return secondsToWait(await previousOf(owner, current), current);
  }

  async function issue(owner: CodeOwner, channel: number, trx?: Tx): Promise<IssuedCode> {
    const current = now();
    const previous = await previousOf(owner, current);
    const sendNumber = previous ? previous.send_number + 1 : 1;
    const retryAfterSeconds = secondsToWait(previous, current);
    if (retryAfterSeconds > 0) {
      throw new AppError(429, ERROR_KEYS.resendTooSoon, `Please wait ${retryAfterSeconds} seconds before asking for another code.`, {
        retryAfterSeconds,
      });
    }
    const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
    await deps.codes.replace(
      owner,
      {
        channel,
        codeHash: await hashPassword(code),
        sendNumber,
        expiresAt: new Date(current.getTime() + deps.ttlMinutes * 60_000),
      },
      trx,
    );
    return { code, nextResendSeconds: resendDelayAfter(sendNumber) };
  }

  /** The matching usable code; a wrong code counts as a try. */
  async function requireMatchingCode(owner: CodeOwner, code: string) {
    const usable = await deps.codes.findUsable(owner, now());
    if (!usable) throw codeInvalid();
    const sameTarget = usable.target.toLowerCase() === owner.target.toLowerCase();
    if (!sameTarget || !(await verifyPassword(usable.code_hash, code))) {
      await deps.codes.recordWrongTry(usable.id, deps.maxAttempts);
      throw codeInvalid();
    }
    return usable;
  }

  /** The id of the matching usable code; a wrong code counts as a try. */
  async function verify(owner: CodeOwner, code: string): Promise<number> {
    return (await verifyWithChannel(owner, code)).id;
  }

  /** As verify, with the channel the code was sent by. */
  async function verifyWithChannel(owner: CodeOwner, code: string): Promise<{ id: number; channel: number }> {
    const { id, channel } = await requireMatchingCode(owner, code);
    return { id, channel };
  }

  /**
   * Checks a code without using it up and answers a secret that stands for it: whoever holds the
   * secret may later use this code, for this owner, while the code itself would still be usable.
   */
  async function prove(owner: CodeOwner, code: string): Promise<{ secret: string; expiresAt: Date }> {
    const usable = await requireMatchingCode(owner, code);
    const { secret, hash } = createSecret();
    await deps.codes.recordProof(usable.id, hash);
    return { secret, expiresAt: usable.expires_at };
  }

  /** The id of the code this secret proves for this owner, if it is still usable. */
  async function findProven(owner: CodeOwner, secret: string): Promise<number | undefined> {
    return (await deps.codes.findProven(owner, hashSecret(secret), now()))?.id;
  }

  async function consume(codeId: number, trx?: Tx): Promise<void> {
    if (!(await deps.codes.consume(codeId, trx))) throw codeInvalid();
  }

  return { issue, secondsBeforeNext, verify, verifyWithChannel, prove, findProven, consume };
}
export type OneTimeCodeService = ReturnType<typeof createOneTimeCodeService>;

/**
 * A position in PostgreSQL's write-ahead log (`pg_lsn`, written `16/B374D848`) as a number, so
 * that a replica's replayed position can be compared with the position of a person's last write.
 */
export function walPosition(text: string): bigint {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text.trim());
  if (!match) throw new Error(`not a WAL position: ${text}`);
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

/** The text form PostgreSQL reads back as `pg_lsn`. */
export function walPositionText(position: bigint): string {
  return `${(position >> 32n).toString(16).toUpperCase()}/${(position & 0xffffffffn).toString(16).toUpperCase()}`;
}

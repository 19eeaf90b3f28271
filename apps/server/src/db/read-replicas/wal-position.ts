/**
 * A position in PostgreSQL's write-ahead log (`pg_lsn`, written `16/B374D848`) as a number, so
 * that a replica's replayed position can be compared with the position of a person's last write.
 */
export function walPosition(text: string): bigint {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text.trim());
  if (!match) throw new Error(`not a WAL position: ${text}`);
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

/** WAL pages are 8 kB; each starts with a header of 24 bytes, or 40 at the start of a segment. */
const WAL_PAGE = 8192n;
const PAGE_HEADERS = [24n, 40n];

/**
 * Where the primary's last record ends, given its insert position. An idle primary's insert
 * position stands just past a page header when its last record filled a page or a segment was
 * switched (`archive_timeout`), while a replica that has replayed everything stands before that
 * header: the header holds no change, so reaching the page's start is reaching the position.
 */
export function lastRecordEnd(insertPosition: bigint): bigint {
  const inPage = insertPosition % WAL_PAGE;
  return PAGE_HEADERS.includes(inPage) ? insertPosition - inPage : insertPosition;
}

/** The text form PostgreSQL reads back as `pg_lsn`. */
export function walPositionText(position: bigint): string {
  return `${(position >> 32n).toString(16).toUpperCase()}/${(position & 0xffffffffn).toString(16).toUpperCase()}`;
}

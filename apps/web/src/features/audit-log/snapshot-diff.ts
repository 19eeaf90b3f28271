/** One field of an entry's snapshots, as the details dialog lists it. */
export interface SnapshotField {
  /** Where the field sits, e.g. `types` or `roleNames.0.nameEn`. */
  path: string;
  /** The value as text; undefined when the snapshot does not have the field. */
  before: string | undefined;
  after: string | undefined;
  isChanged: boolean;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A list of plain values reads as one field ("a, b"); anything else nested is opened up. */
function isFlatList(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object');
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return value;
  if (isFlatList(value)) return value.map(describeValue).join(', ');
  return JSON.stringify(value);
}

/** Every leaf of a snapshot by its path. */
function flatten(value: unknown, prefix: string, into: Map<string, string>): Map<string, string> {
  if ((isPlainObject(value) || (Array.isArray(value) && !isFlatList(value))) && Object.keys(value).length > 0) {
    for (const [key, field] of Object.entries(value)) flatten(field, prefix ? `${prefix}.${key}` : key, into);
  } else if (prefix !== '' || value !== null) {
    into.set(prefix, describeValue(value));
  }
  return into;
}

/**
 * The fields of the before and after snapshots side by side, in the order they first appear, each
 * telling whether it changed. A snapshot that is absent (a creation, a deletion) has no fields.
 */
export function compareSnapshots(before: unknown, after: unknown): SnapshotField[] {
  const beforeFields = before === null || before === undefined ? new Map<string, string>() : flatten(before, '', new Map());
  const afterFields = after === null || after === undefined ? new Map<string, string>() : flatten(after, '', new Map());
  const paths = [...new Set([...beforeFields.keys(), ...afterFields.keys()])];
  return paths.map((path) => {
    const was = beforeFields.get(path);
    const is = afterFields.get(path);
    return { path, before: was, after: is, isChanged: was !== is };
  });
}

/**
 * A field's path in words: each name given by `nameOf` (its parent's name beside it, for names
 * that mean something only there, such as a brand's colours), a list's items by their number
 * from 1, a name without words as it is. `roleNames.0.nameEn` → "Role names › 1 › Name in English".
 */
export function describeFieldPath(path: string, nameOf: (name: string, parent: string | undefined) => string | undefined): string {
  const segments = path.split('.');
  return segments
    .map((segment, index) => (/^\d+$/.test(segment) ? String(Number(segment) + 1) : (nameOf(segment, segments[index - 1]) ?? segment)))
    .join(' › ');
}

/**
 * The key a client uses to name a document: its id, type code and language, encoded.
 * It grants nothing: every use is checked against the person's access, and a key to a
 * document outside it answers exactly as a key to no document at all.
 */
export interface DocumentKey {
  id: number;
  reportCode: string;
  language: string;
}

export function encodeDocumentKey(key: DocumentKey): string {
  return Buffer.from(`${key.id}|${key.reportCode}|${key.language}`, 'utf8').toString('base64url');
}

export function decodeDocumentKey(encoded: string): DocumentKey | null {
  const parts = Buffer.from(encoded, 'base64url').toString('utf8').split('|');
  if (parts.length !== 3) return null;
  const id = Number(parts[0]);
  if (!Number.isSafeInteger(id) || id <= 0 || !parts[1] || !parts[2]) return null;
  return { id, reportCode: parts[1], language: parts[2] };
}

import type { FaqEntry, HelpContentClient, RepositoryEntry, RepositoryFile } from '@portal/contract';
import type { ClientFaqRow } from '../db/repositories/help-content-editor.repository.js';
import type { RepositoryDocumentWithFiles } from '../services/help-content-editor.service.js';

export function presentHelpContentClients(clients: { id: number; code: string; name_en: string; name_fr: string }[]): HelpContentClient[] {
  return clients.map((client) => ({ id: client.id, code: client.code, nameEn: client.name_en, nameFr: client.name_fr }));
}

export function presentFaqEntry(row: ClientFaqRow): FaqEntry {
  return {
    id: row.id,
    clientId: row.client_id,
    position: row.position,
    questionEn: row.question_en,
    questionFr: row.question_fr,
    answerEn: row.answer_en,
    answerFr: row.answer_fr,
  };
}

/** A stored file as the console names it: the last segment of its key, without the extension (its SHA-256 for uploads). */
function presentFile(fileKey: string, size: number | null): RepositoryFile {
  return { fileId: fileKey.replace(/^.*\//, '').replace(/\.pdf$/, ''), size };
}

export function presentRepositoryEntry(row: RepositoryDocumentWithFiles): RepositoryEntry {
  return {
    id: row.id,
    clientId: row.client_id,
    position: row.position,
    nameEn: row.name_en,
    nameFr: row.name_fr,
    fileEn: presentFile(row.file_key_en, row.size_en),
    fileFr: presentFile(row.file_key_fr, row.size_fr),
  };
}

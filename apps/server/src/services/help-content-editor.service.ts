import { createHash } from 'node:crypto';
import {
  ERROR_KEYS,
  HELP_CONTENT_ERROR_KEYS,
  REPOSITORY_FILE_MAX_BYTES,
  type CreateRepositoryEntryRequest,
  type Locale,
  type RenameRepositoryEntryRequest,
  type SaveFaqEntryRequest,
} from '@portal/contract';
import type { AuditAction, AuditLogRepository } from '../db/repositories/audit-log.repository.js';
import type {
  ClientFaqRow,
  ClientRepositoryDocumentRow,
  HelpContentEditorRepository,
} from '../db/repositories/help-content-editor.repository.js';
import type { Transact, Tx } from '../db/transact.js';
import { AppError } from '../errors.js';
import type { DocumentStorage } from '../transports/storage/document-storage.js';
import type { StoredFile } from './document-files.js';
import { helpDocumentFileName } from './file-names.js';
import { checkPdf } from './ingestion/pdf-check.js';
import { requireTenantClient, requireTenantScope, type Actor } from './permissions.js';

/**
 * Where repository files live: in a folder of the client that uploaded them, named by their SHA-256,
 * so a replaced file gets a new key and a link to the old one never shows the new. The client's
 * folder makes a hash usable only by that client: another client naming it finds nothing, exactly
 * as for a hash never uploaded, and learns nothing of who sent which PDF. Files no document names
 * any more stay until a sweep removes them.
 */
export const REPOSITORY_FILE_PREFIX = 'repository/';
const fileKeyOf = (clientId: number, sha256: string) => `${REPOSITORY_FILE_PREFIX}${clientId}/${sha256}.pdf`;

/** A repository document with the size of each stored file (null when the file is missing). */
export interface RepositoryDocumentWithFiles extends ClientRepositoryDocumentRow {
  size_en: number | null;
  size_fr: number | null;
}

const clientNotFound = () => new AppError(404, HELP_CONTENT_ERROR_KEYS.clientNotFound, 'This client does not exist.');
const faqNotFound = () => new AppError(404, HELP_CONTENT_ERROR_KEYS.faqNotFound, 'This question is not one of the client’s.');
const documentNotFound = () => new AppError(404, HELP_CONTENT_ERROR_KEYS.documentNotFound, 'This document is not one of the client’s.');
const orderInvalid = () =>
  new AppError(400, HELP_CONTENT_ERROR_KEYS.orderInvalid, 'Name every entry of the client, each once, and no other.', {
    field: 'ids',
  });
const notPdf = () => new AppError(400, HELP_CONTENT_ERROR_KEYS.fileNotPdf, 'The file is not a PDF that can be opened.');
export const repositoryFileTooLarge = () =>
  new AppError(413, HELP_CONTENT_ERROR_KEYS.fileTooLarge, `The file is larger than ${REPOSITORY_FILE_MAX_BYTES / 1024 / 1024} MB.`);

function faqSnapshot(row: ClientFaqRow) {
  return {
    faqId: row.id,
    clientId: row.client_id,
    position: row.position,
    questionEn: row.question_en,
    questionFr: row.question_fr,
    answerEn: row.answer_en,
    answerFr: row.answer_fr,
  };
}

function documentSnapshot(row: ClientRepositoryDocumentRow) {
  return {
    documentId: row.id,
    clientId: row.client_id,
    position: row.position,
    nameEn: row.name_en,
    nameFr: row.name_fr,
    fileKeyEn: row.file_key_en,
    fileKeyFr: row.file_key_fr,
  };
}

/** Whether `ids` names each of the entries exactly once and nothing else. */
function isCompleteOrder(ids: number[], rows: { id: number }[]): boolean {
  const unique = new Set(ids);
  return unique.size === ids.length && ids.length === rows.length && rows.every((row) => unique.has(row.id));
}

/**
 * The tenant console's editor of a client's own questions and answers and repository documents.
 * Every change is one transaction holding the client's row lock, audited in it with before and
 * after. The FAQ page reads the same rows on each request, so a change shows on the next one.
 */
export function createHelpContentEditorService(deps: {
  editor: HelpContentEditorRepository;
  audit: AuditLogRepository;
  storage: DocumentStorage;
  transact: Transact;
}) {
  async function requireClient(actor: Actor, clientId: number): Promise<void> {
    requireTenantClient(actor, clientId);
    if (!(await deps.editor.clientExists(clientId))) throw clientNotFound();
  }

  /** A change to the client's help content: permission first, then the client's lock, then the work. */
  async function change<T>(actor: Actor, clientId: number, work: (trx: Tx) => Promise<T>): Promise<T> {
    requireTenantClient(actor, clientId);
    return deps.transact(async (trx) => {
      if (!(await deps.editor.lockClient(clientId, trx))) throw clientNotFound();
      return work(trx);
    });
  }

  function audit(actor: Actor, clientId: number, action: AuditAction, before: object | null, after: object | null, trx: Tx) {
    return deps.audit.record({ actorUserId: actor.id, action, targetUserId: null, before, after, clientId }, trx);
  }

  async function withFiles(row: ClientRepositoryDocumentRow): Promise<RepositoryDocumentWithFiles> {
    const [size_en, size_fr] = await Promise.all([deps.storage.size(row.file_key_en), deps.storage.size(row.file_key_fr)]);
    return { ...row, size_en, size_fr };
  }

  /** Checks and stores a PDF under the key its client and content name; the same bytes twice from one client are stored once. */
  async function storePdf(clientId: number, body: unknown): Promise<{ fileKey: string; sha256: string; size: number; pageCount: number }> {
    if (!(body instanceof Uint8Array) || body.length === 0) throw notPdf();
    if (body.length > REPOSITORY_FILE_MAX_BYTES) throw repositoryFileTooLarge();
    const check = await checkPdf(body);
    if (check.outcome !== 'readable') throw notPdf();
    const sha256 = createHash('sha256').update(body).digest('hex');
    const fileKey = fileKeyOf(clientId, sha256);
    try {
      if (!(await deps.storage.exists(fileKey))) await deps.storage.put(fileKey, body, { sha256 });
    } catch {
      throw new AppError(503, ERROR_KEYS.storageUnavailable, 'The file could not be stored; send it again later.');
    }
    return { fileKey, sha256, size: body.length, pageCount: check.pageCount };
  }

  /** The key of a file this client uploaded; another client's upload answers as one never made. */
  async function requireUploadedFile(clientId: number, fileId: string): Promise<string> {
    const fileKey = fileKeyOf(clientId, fileId);
    if (!(await deps.storage.exists(fileKey))) {
      throw new AppError(400, HELP_CONTENT_ERROR_KEYS.fileUnknown, 'This file was not uploaded; upload it first.');
    }
    return fileKey;
  }

  return {
    /** The clients whose help content the caller edits. */
    clients(actor: Actor) {
      return deps.editor.clients(requireTenantScope(actor));
    },

    async listFaqs(actor: Actor, clientId: number): Promise<ClientFaqRow[]> {
      await requireClient(actor, clientId);
      return deps.editor.faqs(clientId);
    },

    createFaq(actor: Actor, clientId: number, input: SaveFaqEntryRequest): Promise<ClientFaqRow> {
      return change(actor, clientId, async (trx) => {
        const id = await deps.editor.insertFaq(clientId, faqTexts(input), trx);
        const created = (await deps.editor.findFaq(clientId, id, trx))!;
        await audit(actor, clientId, 'createFaq', null, faqSnapshot(created), trx);
        return created;
      });
    },

    updateFaq(actor: Actor, clientId: number, id: number, input: SaveFaqEntryRequest): Promise<ClientFaqRow> {
      return change(actor, clientId, async (trx) => {
        const before = await deps.editor.findFaq(clientId, id, trx);
        if (!before) throw faqNotFound();
        await deps.editor.updateFaq(clientId, id, faqTexts(input), trx);
        const after = (await deps.editor.findFaq(clientId, id, trx))!;
        await audit(actor, clientId, 'updateFaq', faqSnapshot(before), faqSnapshot(after), trx);
        return after;
      });
    },

    deleteFaq(actor: Actor, clientId: number, id: number): Promise<void> {
      return change(actor, clientId, async (trx) => {
        const before = await deps.editor.findFaq(clientId, id, trx);
        if (!before) throw faqNotFound();
        await deps.editor.deleteFaq(clientId, id, trx);
        await audit(actor, clientId, 'deleteFaq', faqSnapshot(before), null, trx);
      });
    },

    reorderFaqs(actor: Actor, clientId: number, ids: number[]): Promise<ClientFaqRow[]> {
      return change(actor, clientId, async (trx) => {
        const before = await deps.editor.faqs(clientId, trx);
        if (!isCompleteOrder(ids, before)) throw orderInvalid();
        await deps.editor.reorderFaqs(clientId, ids, trx);
        const after = await deps.editor.faqs(clientId, trx);
        await audit(actor, clientId, 'reorderFaqs', { clientId, ids: before.map((row) => row.id) }, { clientId, ids }, trx);
        return after;
      });
    },

    async listDocuments(actor: Actor, clientId: number): Promise<RepositoryDocumentWithFiles[]> {
      await requireClient(actor, clientId);
      return Promise.all((await deps.editor.repositoryDocuments(clientId)).map(withFiles));
    },

    /** Stores a PDF for a document to come: its id is the SHA-256 to name when creating the document. */
    async uploadFile(actor: Actor, clientId: number, body: unknown): Promise<{ fileId: string; size: number; pageCount: number }> {
      await requireClient(actor, clientId);
      const stored = await storePdf(clientId, body);
      return { fileId: stored.sha256, size: stored.size, pageCount: stored.pageCount };
    },

    async createDocument(actor: Actor, clientId: number, input: CreateRepositoryEntryRequest): Promise<RepositoryDocumentWithFiles> {
      requireTenantClient(actor, clientId);
      const [file_key_en, file_key_fr] = [
        await requireUploadedFile(clientId, input.fileEn),
        await requireUploadedFile(clientId, input.fileFr),
      ];
      const created = await change(actor, clientId, async (trx) => {
        const id = await deps.editor.insertRepositoryDocument(
          clientId,
          { name_en: input.nameEn, name_fr: input.nameFr, file_key_en, file_key_fr },
          trx,
        );
        const row = (await deps.editor.findRepositoryDocument(clientId, id, trx))!;
        await audit(actor, clientId, 'createRepositoryDocument', null, documentSnapshot(row), trx);
        return row;
      });
      return withFiles(created);
    },

    async renameDocument(
      actor: Actor,
      clientId: number,
      id: number,
      input: RenameRepositoryEntryRequest,
    ): Promise<RepositoryDocumentWithFiles> {
      const renamed = await change(actor, clientId, async (trx) => {
        const before = await deps.editor.findRepositoryDocument(clientId, id, trx);
        if (!before) throw documentNotFound();
        await deps.editor.updateRepositoryDocument(clientId, id, { name_en: input.nameEn, name_fr: input.nameFr }, trx);
        const after = (await deps.editor.findRepositoryDocument(clientId, id, trx))!;
        await audit(actor, clientId, 'updateRepositoryDocument', documentSnapshot(before), documentSnapshot(after), trx);
        return after;
      });
      return withFiles(renamed);
    },

    /** The file in one language replaced by another; the old file stays for links already given, until a sweep. */
    async replaceFile(actor: Actor, clientId: number, id: number, language: Locale, body: unknown): Promise<RepositoryDocumentWithFiles> {
      await requireClient(actor, clientId);
      if (!(await deps.editor.findRepositoryDocument(clientId, id))) throw documentNotFound();
      const { fileKey } = await storePdf(clientId, body);
      const replaced = await change(actor, clientId, async (trx) => {
        const before = await deps.editor.findRepositoryDocument(clientId, id, trx);
        if (!before) throw documentNotFound();
        await deps.editor.updateRepositoryDocument(
          clientId,
          id,
          language === 'fr' ? { file_key_fr: fileKey } : { file_key_en: fileKey },
          trx,
        );
        const after = (await deps.editor.findRepositoryDocument(clientId, id, trx))!;
        await audit(actor, clientId, 'updateRepositoryDocument', documentSnapshot(before), documentSnapshot(after), trx);
        return after;
      });
      return withFiles(replaced);
    },

    /** A document's file in one language, for the console to check what the client's people will get. */
    async openFile(actor: Actor, clientId: number, id: number, language: Locale): Promise<StoredFile> {
      await requireClient(actor, clientId);
      const row = await deps.editor.findRepositoryDocument(clientId, id);
      if (!row) throw documentNotFound();
      const [fileKey, name] = language === 'fr' ? [row.file_key_fr, row.name_fr] : [row.file_key_en, row.name_en];
      const size = await deps.storage.size(fileKey);
      if (size === null) throw documentNotFound();
      return {
        fileName: helpDocumentFileName(name),
        contentType: 'application/pdf',
        size,
        open: (range) => deps.storage.open(fileKey, range),
      };
    },

    deleteDocument(actor: Actor, clientId: number, id: number): Promise<void> {
      return change(actor, clientId, async (trx) => {
        const before = await deps.editor.findRepositoryDocument(clientId, id, trx);
        if (!before) throw documentNotFound();
        await deps.editor.deleteRepositoryDocument(clientId, id, trx);
        await audit(actor, clientId, 'deleteRepositoryDocument', documentSnapshot(before), null, trx);
      });
    },

    async reorderDocuments(actor: Actor, clientId: number, ids: number[]): Promise<RepositoryDocumentWithFiles[]> {
      const reordered = await change(actor, clientId, async (trx) => {
        const before = await deps.editor.repositoryDocuments(clientId, trx);
        if (!isCompleteOrder(ids, before)) throw orderInvalid();
        await deps.editor.reorderRepositoryDocuments(clientId, ids, trx);
        const after = await deps.editor.repositoryDocuments(clientId, trx);
        await audit(actor, clientId, 'reorderRepositoryDocuments', { clientId, ids: before.map((row) => row.id) }, { clientId, ids }, trx);
        return after;
      });
      return Promise.all(reordered.map(withFiles));
    },
  };
}
export type HelpContentEditorService = ReturnType<typeof createHelpContentEditorService>;

function faqTexts(input: SaveFaqEntryRequest) {
  return { question_en: input.questionEn, question_fr: input.questionFr, answer_en: input.answerEn, answer_fr: input.answerFr };
}

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  consoleHelpContentEndpoints,
  REPOSITORY_FILE_CONTENT_TYPE,
  type FaqEntry,
  type Locale,
  type RepositoryEntry,
  type SaveFaqEntryRequest,
} from '@portal/contract';
import { buildUrl, callApi } from '../../lib/api-client';
import { faqKeys } from '../../lib/faq-query-keys';
import { sendFile } from '../../lib/file-upload';
import { helpContentKeys } from './query-keys';

export function helpContentClientsQuery() {
  return queryOptions({
    queryKey: helpContentKeys.clients(),
    queryFn: ({ signal }) => callApi(consoleHelpContentEndpoints.helpContentClients, { signal }),
    select: (answer) => answer.data,
    staleTime: 5 * 60_000,
  });
}

export function faqEntriesQuery(clientId: number) {
  return queryOptions({
    queryKey: helpContentKeys.faqs(clientId),
    queryFn: ({ signal }) => callApi(consoleHelpContentEndpoints.listFaqEntries, { params: { clientId }, signal }),
    select: (answer) => answer.data,
  });
}

export function repositoryEntriesQuery(clientId: number) {
  return queryOptions({
    queryKey: helpContentKeys.documents(clientId),
    queryFn: ({ signal }) => callApi(consoleHelpContentEndpoints.listRepositoryEntries, { params: { clientId }, signal }),
    select: (answer) => answer.data,
  });
}

/** Sends one PDF as the body of the request (the server takes the file itself, not a form). */
function sendPdf<
  E extends typeof consoleHelpContentEndpoints.uploadRepositoryFile | typeof consoleHelpContentEndpoints.replaceRepositoryFile,
>(endpoint: E, params: Record<string, unknown>, file: File) {
  return sendFile(endpoint, params, file, REPOSITORY_FILE_CONTENT_TYPE);
}

export interface NewRepositoryDocument {
  nameEn: string;
  nameFr: string;
  fileEn: File;
  fileFr: File;
}

export interface RepositoryDocumentChanges {
  document: RepositoryEntry;
  nameEn: string;
  nameFr: string;
  fileEn: File | null;
  fileFr: File | null;
}

/** Every change of the editor; each refreshes the client's lists once it is done. */
export function useHelpContentChanges(clientId: number) {
  const queryClient = useQueryClient();
  // The FAQ page's own lists too: an editor who reads the FAQ next sees the change at once.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: helpContentKeys.all }),
      queryClient.invalidateQueries({ queryKey: faqKeys.all }),
    ]);

  const saveFaq = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SaveFaqEntryRequest }) =>
      id === null
        ? callApi(consoleHelpContentEndpoints.createFaqEntry, { params: { clientId }, body })
        : callApi(consoleHelpContentEndpoints.updateFaqEntry, { params: { clientId, id }, body }),
    onSuccess: refresh,
  });
  const deleteFaq = useMutation({
    mutationFn: (entry: FaqEntry) => callApi(consoleHelpContentEndpoints.deleteFaqEntry, { params: { clientId, id: entry.id } }),
    onSuccess: refresh,
  });
  const reorderFaqs = useMutation({
    mutationFn: (ids: number[]) => callApi(consoleHelpContentEndpoints.reorderFaqEntries, { params: { clientId }, body: { ids } }),
    onSuccess: refresh,
  });

  const createDocument = useMutation({
    mutationFn: async (input: NewRepositoryDocument) => {
      const fileEn = await sendPdf(consoleHelpContentEndpoints.uploadRepositoryFile, { clientId }, input.fileEn);
      const fileFr = await sendPdf(consoleHelpContentEndpoints.uploadRepositoryFile, { clientId }, input.fileFr);
      return callApi(consoleHelpContentEndpoints.createRepositoryEntry, {
        params: { clientId },
        body: { nameEn: input.nameEn, nameFr: input.nameFr, fileEn: fileEn.data.fileId, fileFr: fileFr.data.fileId },
      });
    },
    onSettled: refresh,
  });
  const updateDocument = useMutation({
    mutationFn: async ({ document, nameEn, nameFr, fileEn, fileFr }: RepositoryDocumentChanges) => {
      const files: [Locale, File | null][] = [
        ['en', fileEn],
        ['fr', fileFr],
      ];
      for (const [language, file] of files) {
        if (file) await sendPdf(consoleHelpContentEndpoints.replaceRepositoryFile, { clientId, id: document.id, language }, file);
      }
      if (nameEn !== document.nameEn || nameFr !== document.nameFr) {
        await callApi(consoleHelpContentEndpoints.renameRepositoryEntry, {
          params: { clientId, id: document.id },
          body: { nameEn, nameFr },
        });
      }
    },
    // A file replaced before a refused rename is replaced all the same: the list shows what is.
    onSettled: refresh,
  });
  const deleteDocument = useMutation({
    mutationFn: (document: RepositoryEntry) =>
      callApi(consoleHelpContentEndpoints.deleteRepositoryEntry, { params: { clientId, id: document.id } }),
    onSuccess: refresh,
  });
  const reorderDocuments = useMutation({
    mutationFn: (ids: number[]) => callApi(consoleHelpContentEndpoints.reorderRepositoryEntries, { params: { clientId }, body: { ids } }),
    onSuccess: refresh,
  });

  return { saveFaq, deleteFaq, reorderFaqs, createDocument, updateDocument, deleteDocument, reorderDocuments };
}
export type HelpContentChanges = ReturnType<typeof useHelpContentChanges>;

/** Where the console shows a document's file to check it. */
export function repositoryFileUrl(clientId: number, documentId: number, language: Locale): string {
  return buildUrl(consoleHelpContentEndpoints.openRepositoryFile, { clientId, id: documentId, language });
}

/** The ids with the one at `index` moved one place up (-1) or down (+1). */
export function moveId(ids: number[], index: number, step: -1 | 1): number[] {
  const target = index + step;
  if (target < 0 || target >= ids.length) return ids;
  const moved = [...ids];
  [moved[index], moved[target]] = [moved[target]!, moved[index]!];
  return moved;
}

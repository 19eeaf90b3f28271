import type { ReadCache } from './read-cache.js';
import type { DocumentAccessRepository } from './repositories/document-access.repository.js';
import type { DocumentsRepository } from './repositories/documents.repository.js';
import type { UsersRepository } from './repositories/users.repository.js';

/**
 * The reads every signed-in call repeats, answered through `cache` (see read-cache.ts): who a
 * session cookie belongs to, a USER's grants, a client's document types and the type a list asks
 * for. Everything else reads the database each time.
 */
export function withRepeatedReadsKept<
  T extends { users: UsersRepository; access: DocumentAccessRepository; documents: DocumentsRepository },
>(repositories: T, cache: ReadCache): T {
  const { users, access, documents } = repositories;
  return {
    ...repositories,
    users: {
      ...users,
      // Kept whatever the idle limit asked; the limit is applied to the session read, as the statement does.
      findBySession: async (idHash: string, idleSince: Date) => {
        const found = await cache.remember(`session:${idHash}`, () => users.findBySession(idHash, new Date(0)));
        return found && found.session.last_seen_at > idleSince ? found : undefined;
      },
    },
    access: {
      ...access,
      grantedReports: (userId: number, clientId: number) =>
        cache.remember(`grants:${userId}:${clientId}`, () => access.grantedReports(userId, clientId)),
    },
    documents: {
      ...documents,
      reportsOfClient: (clientId: number) => cache.remember(`types:${clientId}`, () => documents.reportsOfClient(clientId)),
      findReportWithAttributes: (clientId: number, code: string) =>
        cache.remember(`type:${clientId}:${code.toLowerCase()}`, () => documents.findReportWithAttributes(clientId, code)),
    },
  };
}

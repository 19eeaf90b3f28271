import type { Locale } from '@portal/contract';
import type { SessionsRepository } from '../db/repositories/sessions.repository.js';

/** The language a signed-in session speaks: answers that depend on it follow the person's last choice. */
export function createSessionLanguageService(deps: { sessions: SessionsRepository }) {
  return {
    async rememberLanguage(sessionHash: string, language: Locale): Promise<void> {
      await deps.sessions.setLanguage(sessionHash, language);
    },
  };
}
export type SessionLanguageService = ReturnType<typeof createSessionLanguageService>;

import type { DocumentTextsRepository } from '../../db/repositories/document-texts.repository.js';
import type { DocumentStorage } from '../../transports/storage/document-storage.js';
import type { DocumentTextState } from '../../db/types.js';
import { readPdfText, TEXT_EXTRACTION_LIMITS } from './extract-pdf-text.js';

/** What reading one document's text came to. */
export type TextReading =
  /** The text is stored (an unreadable file stores none, and is not tried again). */
  | 'stored'
  /** The text stored was already that of the document's file. */
  | 'current'
  /** The document is gone, or changed file while it was read (its new file's own reading follows). */
  | 'outdated';

interface TextLogger {
  warn(details: object, message: string): void;
}

/** A text is stored with no less than this many characters before giving up on fitting its search vector. */
const SHORTEST_TRIMMED_TEXT = 1_000;

/**
 * Reads the text of stored documents, for searching by words. Runs off the request path (a job
 * per stored document, see jobs/text-extraction.ts): a document is listed, previewed and
 * downloaded whether or not its text is read yet.
 */
export function createDocumentTextsService(deps: {
  texts: DocumentTextsRepository;
  storage: DocumentStorage;
  logger: TextLogger;
  /** How long one reading may take in the PDF worker; the worker's own limit unless said. */
  readingTimeoutMs?: number;
}) {
  return {
    /**
     * Reads the document's current file and stores its text. A file the store cannot give now
     * throws (the queue tries again later); a file pdf.js cannot read, or one past the PDF
     * worker's limits, stores an empty text with that state, as reading it again would end the
     * same way. A reading ended by the clock or the process's memory may have met a busy
     * moment: it throws too, to be tried again, unless this is the last try.
     */
    async readDocumentText(documentId: number, options: { isLastTry: boolean } = { isLastTry: true }): Promise<TextReading> {
      const source = await deps.texts.findSource(documentId);
      if (!source) return 'outdated';
      if (source.isTextCurrent) return 'current';
      const bytes = await deps.storage.read(source.fileKey);
      const extraction = await readPdfText(bytes, TEXT_EXTRACTION_LIMITS, { timeoutMs: deps.readingTimeoutMs });
      let content = '';
      let state: DocumentTextState = 'read';
      if (extraction.state === 'read') content = extraction.text;
      else if (extraction.mayPassOnAnotherTry && !options.isLastTry) {
        throw new Error(`The text of document ${documentId} was not read this time (${extraction.reason}); it will be tried again`);
      } else {
        state = extraction.state;
        deps.logger.warn(
          { documentId, fileKey: source.fileKey, state, reason: extraction.reason },
          'the text of a document could not be read; it is stored empty',
        );
      }
      for (;;) {
        const outcome = await deps.texts.store({ documentId, contentHash: source.contentHash, content, state });
        if (outcome !== 'tooLong') return outcome;
        // Rare: so many distinct words that the search vector would pass PostgreSQL's 1 MB; the start of the text is kept.
        if (content.length <= SHORTEST_TRIMMED_TEXT) throw new Error(`The text of document ${documentId} cannot be indexed`);
        content = content.slice(0, Math.floor(content.length / 2));
        deps.logger.warn({ documentId, characters: content.length }, 'document text too varied to index whole; its start is kept');
      }
    },
  };
}
export type DocumentTextsService = ReturnType<typeof createDocumentTextsService>;

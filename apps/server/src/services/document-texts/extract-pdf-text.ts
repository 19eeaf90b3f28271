/** How much of a document is read: enough to find a statement by its words, bounded for a huge file. */
export const TEXT_EXTRACTION_LIMITS = { maxPages: 200, maxCharacters: 1_000_000 } as const;

/**
 * Control characters (tabs and line breaks aside) never reach the database: PostgreSQL text
 * cannot hold NUL, and the passages a search shows mark the words found with \u0002 and \u0003.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]+/g;

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | undefined;
/** pdf.js is loaded on the first extraction, not when the server starts (it takes half a second). */
const loadPdfJs = () => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

/**
 * The text of a PDF, page by page in reading order as pdf.js gives it: lines end with a line
 * break, pieces of a line are joined by a space. Reads at most `maxPages` pages and keeps at most
 * `maxCharacters` characters. pdf.js's Node build runs in this thread (no worker); fonts are not
 * loaded as fonts and nothing in the file is evaluated as code: only the text is wanted. Throws
 * when pdf.js cannot open the file.
 */
export async function extractPdfText(bytes: Uint8Array, limits: { maxPages: number; maxCharacters: number } = TEXT_EXTRACTION_LIMITS) {
  const { getDocument, VerbosityLevel } = await loadPdfJs();
  // pdf.js takes the buffer over (it may detach it): it gets a copy, the caller keeps its bytes.
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    enableXfa: false,
    stopAtErrors: false,
    verbosity: VerbosityLevel.ERRORS,
  });
  try {
    const pdf = await task.promise;
    let text = '';
    const pages = Math.min(pdf.numPages, limits.maxPages);
    for (let number = 1; number <= pages && text.length < limits.maxCharacters; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : ' ');
      }
      text += '\n';
      page.cleanup();
    }
    return text.replace(CONTROL_CHARACTERS, ' ').slice(0, limits.maxCharacters);
  } finally {
    await task.destroy();
  }
}

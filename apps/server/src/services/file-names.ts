/** A title as a file-name stem: accents dropped, anything but letters and digits a hyphen, so any file system takes it. */
function fileNameStem(title: string): string {
  return title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** "Relevés de compte" of 2026-11-01, id 42 → "Releves-de-compte_2026-11-01_42.pdf": readable, and distinct for each document. */
export function documentFileName(typeTitle: string, documentDate: string, documentId: number): string {
  return `${fileNameStem(typeTitle) || 'document'}_${documentDate}_${documentId}.pdf`;
}

/** "Guide d'utilisation du portail" → "Guide-d-utilisation-du-portail.pdf": a help document is known by its name alone. */
export function helpDocumentFileName(name: string): string {
  return `${fileNameStem(name) || 'document'}.pdf`;
}

/** What a bundle of documents holds, for its name: each document's type title (in the person's language) and date. */
export interface BundledDocument {
  typeTitle: string;
  documentDate: string;
}

/**
 * The name of several documents as one file, from what they hold: their type and the dates they
 * span ("Tax-slips_2026-01-01_2026-03-01.zip", one date when all share it), "documents" when
 * they are of several types. Two bundles of the same documents are named alike.
 */
export function bundleFileName(documents: BundledDocument[], extension: 'pdf' | 'zip'): string {
  const titles = new Set(documents.map((document) => document.typeTitle));
  const stem = titles.size === 1 ? fileNameStem([...titles][0]!) || 'documents' : 'documents';
  const dates = documents.map((document) => document.documentDate).sort();
  const first = dates[0];
  const last = dates.at(-1);
  const span = first === undefined ? [] : first === last ? [first] : [first, last];
  return `${[stem, ...span].join('_')}.${extension}`;
}

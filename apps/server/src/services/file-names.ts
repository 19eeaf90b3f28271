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

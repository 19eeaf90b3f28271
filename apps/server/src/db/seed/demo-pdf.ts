import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

export interface DemoPdfContent {
  brandName: string;
  primaryHex: string;
  titleEn: string;
  titleFr: string;
  documentDate: string;
  fields: { labelEn: string; labelFr: string; value: string }[];
  pageCount: number;
  /** A message to the reader on the first page, in both languages. */
  note?: { en: string; fr: string };
}

/** A fixed creation date keeps the generated files byte-for-byte the same from one seed to the next. */
const FIXED_DATE = new Date('2026-01-01T00:00:00Z');

const CONTINUATION_LINES = [
  'This page continues the details of your document.',
  'Cette page poursuit le détail de votre document.',
  'Keep this document for your records. / Conservez ce document pour vos dossiers.',
];

/** A piece of text on a page, where it is drawn and how. */
interface Placement {
  text: string;
  x: number;
  y: number;
  size: number;
  style: 'banner' | 'bold' | 'regular';
}

/** Everything a page shows as text, in reading order: what is drawn, and what a reader of the file finds. */
function layOutPage(content: DemoPdfContent, pageNumber: number): Placement[] {
  const placements: Placement[] = [
    { text: content.brandName, x: 40, y: 746, size: 22, style: 'banner' },
    { text: `${content.titleEn} / ${content.titleFr}`, x: 40, y: 680, size: 18, style: 'bold' },
    { text: `Date: ${content.documentDate}`, x: 40, y: 656, size: 12, style: 'regular' },
  ];
  if (pageNumber === 1) {
    let y = 620;
    for (const field of content.fields) {
      placements.push({ text: `${field.labelEn} / ${field.labelFr}`, x: 40, y, size: 11, style: 'bold' });
      placements.push({ text: field.value, x: 320, y, size: 11, style: 'regular' });
      y -= 22;
    }
    for (const line of content.note ? [content.note.en, content.note.fr] : []) {
      y -= 10;
      placements.push({ text: line, x: 40, y, size: 11, style: 'regular' });
    }
  } else {
    CONTINUATION_LINES.forEach((line, index) => placements.push({ text: line, x: 40, y: 620 - index * 20, size: 11, style: 'regular' }));
  }
  placements.push({ text: `Page ${pageNumber} / ${content.pageCount}`, x: 500, y: 30, size: 10, style: 'regular' });
  return placements;
}

function hexToRgb(hex: string) {
  const n = Number.parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/** A real, bilingual, branded PDF of a few pages, as a document of the demo data set. */
export async function buildDemoPdf(content: DemoPdfContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${content.titleEn} / ${content.titleFr} — ${content.documentDate}`);
  pdf.setAuthor(content.brandName);
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const brand = hexToRgb(content.primaryHex);
  const ink = rgb(0.12, 0.14, 0.16);
  const styles = {
    banner: { font: bold, color: rgb(1, 1, 1) },
    bold: { font: bold, color: ink },
    regular: { font: regular, color: ink },
  };

  for (let pageNumber = 1; pageNumber <= content.pageCount; pageNumber++) {
    const page = pdf.addPage([612, 792]);
    page.drawRectangle({ x: 0, y: 712, width: 612, height: 80, color: brand });
    for (const { text, x, y, size, style } of layOutPage(content, pageNumber)) page.drawText(text, { x, y, size, ...styles[style] });
  }
  return pdf.save();
}

/**
 * The text of the PDF buildDemoPdf makes of this content, line by line: what reading the file
 * gives, known without reading it (the demo seed stores it at once, as the job would).
 */
export function demoPdfText(content: DemoPdfContent): string {
  const pages = Array.from({ length: content.pageCount }, (_, index) => layOutPage(content, index + 1).map((placement) => placement.text));
  return pages.flat().join('\n');
}

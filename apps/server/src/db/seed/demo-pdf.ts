import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

export interface DemoPdfContent {
  brandName: string;
  primaryHex: string;
  titleEn: string;
  titleFr: string;
  documentDate: string;
  fields: { labelEn: string; labelFr: string; value: string }[];
  pageCount: number;
}

/** A fixed creation date keeps the generated files byte-for-byte the same from one seed to the next. */
const FIXED_DATE = new Date('2026-01-01T00:00:00Z');

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

  for (let pageNumber = 1; pageNumber <= content.pageCount; pageNumber++) {
    const page = pdf.addPage([612, 792]);
    page.drawRectangle({ x: 0, y: 712, width: 612, height: 80, color: brand });
    page.drawText(content.brandName, { x: 40, y: 746, size: 22, font: bold, color: rgb(1, 1, 1) });
    page.drawText(`${content.titleEn} / ${content.titleFr}`, { x: 40, y: 680, size: 18, font: bold, color: ink });
    page.drawText(`Date: ${content.documentDate}`, { x: 40, y: 656, size: 12, font: regular, color: ink });

    if (pageNumber === 1) {
      let y = 620;
      for (const field of content.fields) {
        page.drawText(`${field.labelEn} / ${field.labelFr}`, { x: 40, y, size: 11, font: bold, color: ink });
        page.drawText(field.value, { x: 320, y, size: 11, font: regular, color: ink });
        y -= 22;
      }
    } else {
      const lines = [
        'This page continues the details of your document.',
        'Cette page poursuit le détail de votre document.',
        'Keep this document for your records. / Conservez ce document pour vos dossiers.',
      ];
      lines.forEach((line, index) => page.drawText(line, { x: 40, y: 620 - index * 20, size: 11, font: regular, color: ink }));
    }
    page.drawText(`Page ${pageNumber} / ${content.pageCount}`, { x: 500, y: 30, size: 10, font: regular, color: ink });
  }
  return pdf.save();
}

import { randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const MARKER = 'BENCH-DOCUMENT-000000000000';

/**
 * Distinct real PDFs of about `sizeKb` each, made fast: one template carries an incompressible
 * stream with a marker in it, and each variant rewrites the marker's digits in place (same
 * length, so the cross-reference offsets stay right). Every variant opens in pdf-lib and pdf.js.
 */
export async function createPdfVariants(sizeKb: number): Promise<(n: number) => Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText('Benchmark statement / Relevé de référence', { x: 40, y: 740, size: 18, font });
  const padding = randomBytes(sizeKb * 1024);
  padding.write(MARKER, 0, 'latin1');
  pdf.context.register(pdf.context.stream(padding));
  const template = Buffer.from(await pdf.save({ useObjectStreams: false }));
  const at = template.indexOf(MARKER, 0, 'latin1');
  if (at < 0) throw new Error('the PDF template lost its marker');
  const digitsAt = at + MARKER.length - 12;
  return (n: number) => {
    const variant = Buffer.from(template);
    variant.write(String(n).padStart(12, '0'), digitsAt, 'latin1');
    return variant;
  };
}

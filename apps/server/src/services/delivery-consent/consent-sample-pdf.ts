import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { Locale } from '@portal/contract';
import { serverText } from '../../i18n/server-texts.js';

const PAGE = { width: 595, height: 842 };
const MARGIN = 56;

/** Breaks a text into lines no wider than `width` in the font at `size`. */
function linesOf(text: string, width: number, measure: (line: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (measure(next) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The sample document a person opens in the portal to show it can read its PDFs: a page with the
 * person's own code, in its language. Standard fonts (WinAnsi) write every letter of English and
 * French.
 */
export async function consentSamplePdf(code: string, language: Locale, clientName: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(serverText(language, 'consent.sample.title'));
  pdf.setLanguage(language === 'fr' ? 'fr-CA' : 'en-CA');
  const page = pdf.addPage([PAGE.width, PAGE.height]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * MARGIN;
  let y = PAGE.height - MARGIN - 24;
  page.drawText(serverText(language, 'consent.sample.title'), { x: MARGIN, y, size: 22, font: bold });
  y -= 40;
  for (const text of [serverText(language, 'consent.sample.from', { client: clientName }), serverText(language, 'consent.sample.intro')]) {
    for (const line of linesOf(text, width, (candidate) => regular.widthOfTextAtSize(candidate, 12))) {
      page.drawText(line, { x: MARGIN, y, size: 12, font: regular });
      y -= 18;
    }
    y -= 10;
  }
  y -= 20;
  page.drawText(serverText(language, 'consent.sample.codeLabel'), { x: MARGIN, y, size: 14, font: bold });
  y -= 48;
  page.drawRectangle({ x: MARGIN, y: y - 14, width: 260, height: 56, borderColor: rgb(0.1, 0.2, 0.4), borderWidth: 2 });
  page.drawText(code.split('').join(' '), { x: MARGIN + 20, y, size: 30, font: bold, color: rgb(0.1, 0.2, 0.4) });
  return pdf.save();
}

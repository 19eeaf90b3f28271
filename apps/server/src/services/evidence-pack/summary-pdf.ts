import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Locale } from '@portal/contract';
import type { ChainedEvidence, EvidenceAction } from '../../domain/access-evidence.js';
import { serverText, type ServerTextKey } from '../../i18n/server-texts.js';

/** The summary lists at most this many events; events.jsonl holds them all. */
export const SUMMARY_EVENTS_MAX = 1_000;

const PAGE: [number, number] = [792, 612];
const MARGIN = 40;
const LINE = 14;
const SIZE = 9;
/** Where each column starts, from the left margin. */
const COLUMNS = [
  ['occurredAt', 0],
  ['event', 150],
  ['document', 215],
  ['version', 345],
  ['action', 395],
  ['address', 555],
] as const;

const ACTION_TEXTS: Record<EvidenceAction, ServerTextKey> = {
  preview: 'evidencePack.actions.preview',
  download: 'evidencePack.actions.download',
  'merged-pdf': 'evidencePack.actions.mergedPdf',
  zip: 'evidencePack.actions.zip',
  acknowledge: 'evidencePack.actions.acknowledge',
};

export interface SummaryContent {
  language: Locale;
  /** Whose or which evidence: a line in the summary's language, and what to say when there is none. */
  subject: string;
  noEvents: string;
  producedAt: Date;
  producedBy: string;
  events: ChainedEvidence[];
  /** Each client's chain when the pack was made. */
  chains: { client: number; seq: number; hash: string }[];
}

/** A text as a standard font can write it, given the font's characters: one it lacks (an emoji in a name) becomes a question mark. */
function writable(known: ReadonlySet<number>, text: string): string {
  return [...text].map((character) => (known.has(character.codePointAt(0)!) ? character : '?')).join('');
}

/** The pack's readable summary: who, when produced, the chains it was taken from, and the events oldest first. */
export async function buildSummaryPdf(content: SummaryContent): Promise<Uint8Array> {
  const { language } = content;
  const text = (key: ServerTextKey, params?: Record<string, string | number>) => serverText(language, key, params);
  const pdf = await PDFDocument.create();
  pdf.setTitle(text('evidencePack.title'));
  pdf.setCreationDate(content.producedAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.1, 0.12);
  // Each font's characters, read once: a summary writes thousands of cells.
  const characters = new Map([regular, bold].map((font) => [font, new Set(font.getCharacterSet())]));

  let page: PDFPage = pdf.addPage(PAGE);
  let y = PAGE[1] - MARGIN;
  const write = (line: string, options: { x?: number; font?: PDFFont; size?: number } = {}) => {
    const font = options.font ?? regular;
    page.drawText(writable(characters.get(font)!, line), { x: MARGIN + (options.x ?? 0), y, size: options.size ?? SIZE, font, color: ink });
  };
  const nextLine = (height = LINE) => {
    y -= height;
    if (y >= MARGIN) return;
    page = pdf.addPage(PAGE);
    y = PAGE[1] - MARGIN;
  };

  write(text('evidencePack.title'), { font: bold, size: 16 });
  nextLine(24);
  write(content.subject);
  nextLine();
  write(text('evidencePack.producedAt', { date: content.producedAt.toISOString(), username: content.producedBy }));
  nextLine();
  for (const chain of content.chains) {
    write(text('evidencePack.chainLine', { client: chain.client, count: chain.seq, hash: chain.hash }));
    nextLine();
  }
  nextLine(8);
  if (content.events.length === 0) {
    write(content.noEvents);
    return pdf.save();
  }
  write(text('evidencePack.eventCount', { count: content.events.length }));
  nextLine(18);
  for (const [column, x] of COLUMNS) write(text(`evidencePack.columns.${column}`), { x, font: bold });
  nextLine();
  for (const event of content.events.slice(0, SUMMARY_EVENTS_MAX)) {
    const cells: Record<(typeof COLUMNS)[number][0], string> = {
      occurredAt: event.occurredAt.replace('T', ' ').replace('Z', ''),
      event: `${event.client}/${event.seq}`,
      document: `${event.type} ${event.document}`,
      version: String(event.version),
      action: text(ACTION_TEXTS[event.action]),
      address: event.address,
    };
    for (const [column, x] of COLUMNS) write(cells[column], { x });
    nextLine();
  }
  if (content.events.length > SUMMARY_EVENTS_MAX)
    write(text('evidencePack.moreEvents', { count: content.events.length - SUMMARY_EVENTS_MAX }));
  return pdf.save();
}

import { constants, deflateRawSync } from 'node:zlib';

/** Objects written out by hand into a PDF with a cross-reference table; object 1 is the catalogue. */
function writePdf(objects: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let size = parts[0]!.length;
  objects.forEach((body, index) => {
    offsets.push(size);
    const part = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(part);
    size += part.length;
  });
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(Buffer.from(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}`, 'latin1'));
  parts.push(Buffer.from(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

/**
 * A zlib stream of `totalBytes` spaces, about a thousandth of that size, made without compressing
 * them all: one segment compressed with a full flush (no reference before it) repeated, then the
 * final block and the checksum, computed for the whole.
 */
function zlibOfSpaces(totalBytes: number): Buffer {
  const segmentBytes = 16 * 1_048_576;
  const segment = deflateRawSync(Buffer.alloc(segmentBytes, 0x20), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const count = Math.ceil(totalBytes / segmentBytes);
  const n = BigInt(count * segmentBytes);
  const a = (1n + n * 0x20n) % 65_521n;
  const b = (n + (0x20n * n * (n + 1n)) / 2n) % 65_521n;
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(Number((b << 16n) | a));
  return Buffer.concat([Buffer.from([0x78, 0xda]), ...Array<Buffer>(count).fill(segment), deflateRawSync(Buffer.alloc(0)), checksum]);
}

/** A one-page PDF of about 1 MB whose page content is a Flate stream expanding to `expandedBytes` (a gigabyte by default). */
export function pdfBomb(expandedBytes = 1_073_741_824): Buffer {
  const content = zlibOfSpaces(expandedBytes);
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Count 1 /Kids [3 0 R] >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
    Buffer.concat([
      Buffer.from(`<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
      content,
      Buffer.from('\nendstream', 'latin1'),
    ]),
  ]);
}

/** A PDF of `pageCount` pages sharing one content stream, each page saying "Page". */
export function manyPagePdf(pageCount: number): Buffer {
  const text = 'BT /F1 12 Tf 20 20 Td (Page) Tj ET';
  const kids = Array.from({ length: pageCount }, (_, index) => `${index + 5} 0 R`).join(' ');
  const page = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>';
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Count ${pageCount} /Kids [${kids}] >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    ...Array<string>(pageCount).fill(page),
  ]);
}

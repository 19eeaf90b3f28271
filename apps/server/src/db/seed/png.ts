import { crc32, deflateSync } from 'node:zlib';

/** Red, green, blue and opacity, each 0 to 255. */
export type Rgba = readonly [number, number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A real PNG image (8-bit RGBA, as any browser or image library reads it) whose pixel at (x, y)
 * is `colourAt(x, y)`: enough for the demo's generated images and the tests' uploads, with no
 * image library to install.
 */
export function encodePng(width: number, height: number, colourAt: (x: number, y: number) => Rgba): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  // 8 bits a channel, colour type 6 (RGBA), default compression and filter, no interlace.
  header.set([8, 6, 0, 0, 0], 8);
  const rowLength = 1 + width * 4;
  const pixels = Buffer.alloc(rowLength * height);
  for (let y = 0; y < height; y++) {
    // Each row starts with its filter byte, 0 (none), already there.
    for (let x = 0; x < width; x++) pixels.set(colourAt(x, y), y * rowLength + 1 + x * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

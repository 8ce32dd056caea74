/**
 * Station logos, checked and re-encoded before they are kept or drawn (issue 30, finding 1). pdfkit
 * inflates a PNG's pixels in a callback, where an invalid zlib stream throws past every try/catch and
 * ends the process. A PNG is therefore inflated here, synchronously and with a size cap, every scanline's
 * filter checked, and written again from its pixels (IHDR, PLTE, tRNS, one fresh IDAT, IEND; other chunks
 * dropped). A JPEG (which pdfkit embeds as it is, without decoding it) must have a well-formed header:
 * start of image, a baseline or progressive frame of 8-bit samples with 1, 3 or 4 components and a size,
 * and an end of image. Anything else is refused (null).
 */
import { crc32, deflateSync, inflateSync } from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_SIDE = 4096;
const MAX_PIXEL_BYTES = 32 * 1024 * 1024;
/** Bit depths allowed per PNG colour type, and its samples per pixel. */
const COLOUR_TYPES: Record<number, { depths: number[]; samples: number }> = {
  0: { depths: [1, 2, 4, 8, 16], samples: 1 },
  2: { depths: [8, 16], samples: 3 },
  3: { depths: [1, 2, 4, 8], samples: 1 },
  4: { depths: [8, 16], samples: 2 },
  6: { depths: [8, 16], samples: 4 },
};
/** Adam7 passes: x start, y start, x step, y step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** The rows (filter byte + bytes) a PNG's inflated data must hold: one image, or Adam7's seven passes. */
const rowsOf = (width: number, height: number, interlaced: boolean, bitsPerPixel: number): { rows: number; rowBytes: number }[] => {
  const rowBytes = (w: number) => 1 + Math.ceil((w * bitsPerPixel) / 8);
  if (!interlaced) return [{ rows: height, rowBytes: rowBytes(width) }];
  return ADAM7.map(([xs, ys, xStep, yStep]) => ({ w: Math.ceil((width - xs) / xStep), h: Math.ceil((height - ys) / yStep) }))
    .filter(({ w, h }) => w > 0 && h > 0)
    .map(({ w, h }) => ({ rows: h, rowBytes: rowBytes(w) }));
};

/** A PNG written again from its checked pixels, or null when it is not a whole, valid PNG. */
export const reencodePng = (data: Buffer): Buffer | null => {
  if (data.length < 8 || !data.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  let header: Buffer | undefined;
  let palette: Buffer | undefined;
  let transparency: Buffer | undefined;
  const compressed: Buffer[] = [];
  let ended = false;
  for (let at = 8; at + 12 <= data.length && !ended;) {
    const length = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    if (at + 12 + length > data.length) return null;
    const body = data.subarray(at + 8, at + 8 + length);
    if (!header && type !== 'IHDR') return null;
    if (type === 'IHDR') header = body;
    else if (type === 'PLTE') palette = body;
    else if (type === 'tRNS') transparency = body;
    else if (type === 'IDAT') compressed.push(body);
    else if (type === 'IEND') ended = true;
    at += 12 + length;
  }
  if (!header || header.length !== 13 || !ended || compressed.length === 0) return null;
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const [depth, colourType, compression, filter, interlace] = [header[8]!, header[9]!, header[10]!, header[11]!, header[12]!];
  const colour = COLOUR_TYPES[colourType];
  if (!colour || !colour.depths.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1) return null;
  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) return null;
  if (colourType === 3 && (!palette || palette.length === 0 || palette.length % 3 !== 0 || palette.length > 768)) return null;
  const rows = rowsOf(width, height, interlace === 1, depth * colour.samples);
  const expected = rows.reduce((sum, { rows: n, rowBytes }) => sum + n * rowBytes, 0);
  if (expected > MAX_PIXEL_BYTES) return null;
  let pixels: Buffer;
  try {
    pixels = inflateSync(Buffer.concat(compressed), { maxOutputLength: expected + 1 });
  } catch {
    return null;
  }
  if (pixels.length !== expected) return null;
  let at = 0;
  for (const { rows: n, rowBytes } of rows) {
    for (let row = 0; row < n; row += 1, at += rowBytes) if (pixels[at]! > 4) return null;
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    ...(palette && colourType === 3 ? [chunk('PLTE', palette)] : []),
    ...(transparency ? [chunk('tRNS', transparency)] : []),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

const START_OF_FRAME = new Set([0xc0, 0xc1, 0xc2]);

/** The JPEG as it is when its structure holds together (see above), else null. */
export const checkJpeg = (data: Buffer): Buffer | null => {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8 || data[data.length - 2] !== 0xff || data[data.length - 1] !== 0xd9) return null;
  for (let at = 2; at + 4 <= data.length;) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = data.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > data.length) return null;
    if (START_OF_FRAME.has(marker)) {
      if (length < 8) return null;
      const bits = data[at + 4]!;
      const height = data.readUInt16BE(at + 5);
      const width = data.readUInt16BE(at + 7);
      const components = data[at + 9]!;
      return bits === 8 && height > 0 && width > 0 && width <= MAX_SIDE && height <= MAX_SIDE && [1, 3, 4].includes(components) ? data : null;
    }
    at += 2 + length;
  }
  return null;
};

const DATA_URL = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/=]+)$/;

/** A logo data URL made safe to keep and to draw: the PNG re-encoded, the JPEG checked; null when it is neither. */
export const cleanLogo = (logo: string): string | null => {
  const match = DATA_URL.exec(logo);
  if (!match) return null;
  const bytes = Buffer.from(match[2]!, 'base64');
  const clean = match[1] === 'png' ? reencodePng(bytes) : checkJpeg(bytes);
  return clean ? `data:image/${match[1]};base64,${clean.toString('base64')}` : null;
};

/** The image bytes of a stored logo that are safe to give pdfkit (checked again: rows saved before the check exist), or null. */
export const drawableLogo = (logo: string | null): Buffer | null => {
  const match = logo ? DATA_URL.exec(logo) : null;
  if (!match) return null;
  const bytes = Buffer.from(match[2]!, 'base64');
  return match[1] === 'png' ? reencodePng(bytes) : checkJpeg(bytes);
};

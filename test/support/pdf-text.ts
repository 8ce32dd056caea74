/**
 * The text a pdfkit document shows, for assertions: its content streams inflated, the hex strings
 * of the text operators (Tj/TJ with standard fonts, WinAnsi) decoded and joined line by line.
 */
import { inflateSync } from 'node:zlib';

export const pdfText = (pdf: Buffer): string => {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]+)>\s*Tj/g)) {
      const hexes = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]+)>/g)].map((h) => h[1]!) : [op[2]!];
      lines.push(hexes.map((hex) => Buffer.from(hex, 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
};

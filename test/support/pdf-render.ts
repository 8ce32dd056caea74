/**
 * A PDF as a reader sees it, through Debian's poppler-utils: each page rendered to PNG (pdftoppm)
 * and its text as laid out on the page (pdftotext -layout).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian's poppler-utils are there (`.ci/run` installs them; the tests that need them skip otherwise). */
export const hasPoppler = existsSync('/usr/bin/pdftoppm') && existsSync('/usr/bin/pdftotext');

export interface RenderedPage {
  png: Buffer;
  width: number;
  height: number;
}

export interface RenderedPdf {
  /** The text of every page, as pdftotext lays it out. */
  text: string;
  /** The text with every run of white space made one space: what a phrase across columns or lines reads as. */
  flat: string;
  pages: RenderedPage[];
}

/** The width and height a PNG's header (IHDR) declares. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

export const renderPdf = async (pdf: Buffer, dpi = 72): Promise<RenderedPdf> => {
  const dir = await mkdtemp(join(tmpdir(), 'spotbook-pdf-'));
  try {
    const file = join(dir, 'document.pdf');
    await writeFile(file, pdf);
    await run('pdftoppm', ['-png', '-r', String(dpi), file, join(dir, 'page')]);
    const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
    const names = (await readdir(dir)).filter((name) => name.endsWith('.png')).sort();
    const pages = await Promise.all(
      names.map(async (name) => {
        const png = await readFile(join(dir, name));
        return { png, ...pngSize(png) };
      }),
    );
    return { text: stdout, flat: stdout.replace(/\s+/g, ' '), pages };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

export interface WordBox {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word of the PDF with its box on its page (pdftotext -bbox), in points. */
export const wordBoxes = async (pdf: Buffer): Promise<WordBox[]> => {
  const dir = await mkdtemp(join(tmpdir(), 'spotbook-pdf-'));
  try {
    const file = join(dir, 'document.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], { maxBuffer: 64 * 1024 * 1024 });
    const words: WordBox[] = [];
    let page = 0;
    for (const line of stdout.split('\n')) {
      if (line.includes('<page ')) page += 1;
      const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(line);
      if (m)
        words.push({
          page,
          xMin: Number(m[1]),
          yMin: Number(m[2]),
          xMax: Number(m[3]),
          yMax: Number(m[4]),
          text: m[5]!
            .replace(/&amp;/g, '&')
            .replace(/&lt;/g, '<')
            .replace(/&gt;/g, '>')
            .replace(/&quot;/g, '"'),
        });
    }
    return words;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

/** Pairs of words whose boxes overlap on a page (by more than a hair): text drawn over text. */
export const overlappingWords = (words: readonly WordBox[], tolerance = 0.5): [string, string][] => {
  const pairs: [string, string][] = [];
  for (let i = 0; i < words.length; i += 1)
    for (let j = i + 1; j < words.length; j += 1) {
      const a = words[i]!;
      const b = words[j]!;
      if (a.page !== b.page) continue;
      const x = Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin);
      const y = Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin);
      if (x > tolerance && y > tolerance) pairs.push([a.text, b.text]);
    }
  return pairs;
};

/** HTTP byte ranges (RFC 9110 §14): one range per request, as video players ask. */

export type RangeResult = { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * Reads a Range header against a file size. No header, another unit or several ranges answer
 * the whole file; a malformed or unsatisfiable bytes range answers 'unsatisfiable' (416).
 */
export const parseRange = (header: string | undefined, size: number): RangeResult => {
  if (!header) return { kind: 'full' };
  const match = /^\s*([A-Za-z]+)\s*=\s*(.*)$/.exec(header);
  if (!match || match[1]!.toLowerCase() !== 'bytes') return { kind: 'full' };
  const spec = match[2]!.trim();
  if (spec.includes(',')) return { kind: 'full' };
  const bounds = /^(\d*)\s*-\s*(\d*)$/.exec(spec);
  if (!bounds || (bounds[1] === '' && bounds[2] === '')) return { kind: 'unsatisfiable' };
  const [, first, last] = bounds as unknown as [string, string, string];
  if (first === '') {
    // Suffix range: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
};

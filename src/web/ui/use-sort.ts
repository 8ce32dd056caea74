import { useState } from 'react';

export type SortDirection = 'asc' | 'desc';
export interface SortState<K extends string> {
  key: K;
  direction: SortDirection;
}
export type SortValue = string | number | null | undefined;

/** Sort state for a table: clicking the active column flips its direction, another column starts ascending. */
export const useSort = <K extends string>(initial: SortState<K>) => {
  const [sort, setSort] = useState<SortState<K>>(initial);
  const toggle = (key: K) =>
    setSort((previous) => (previous.key === key ? { key, direction: previous.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: 'asc' }));
  return { sort, toggle };
};

/** Missing values always sort last; text compares case-insensitively. */
export const compareSortValues = (a: SortValue, b: SortValue): number => {
  const aMissing = a === null || a === undefined || a === '';
  const bMissing = b === null || b === undefined || b === '';
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en', { sensitivity: 'base', numeric: true });
};

export const sortRows = <T, K extends string>(rows: readonly T[], sort: SortState<K>, valueOf: Record<K, (row: T) => SortValue>): T[] => {
  const read = valueOf[sort.key];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((x, y) => {
    const a = read(x);
    const b = read(y);
    const missing = a === null || a === undefined || a === '' || b === null || b === undefined || b === '';
    // Missing values stay last whichever the direction.
    return missing ? compareSortValues(a, b) : sign * compareSortValues(a, b);
  });
};

import { SortableHeader } from './table';
import { sortRows, useSort, type SortState, type SortValue } from './use-sort';

/**
 * A sortable table's rows and a `header(label, key, className?)` that renders its clickable column
 * header; `baseHeaderClass` is added to every header.
 */
export const useSortedTable = <T, K extends string>(
  rows: readonly T[],
  valueOf: Record<K, (row: T) => SortValue>,
  initial: SortState<NoInfer<K>>,
  baseHeaderClass = '',
) => {
  const { sort, toggle } = useSort<K>(initial);
  const header = (label: string, key: K, className?: string) => (
    <SortableHeader label={label} sortKey={key} sort={sort} onSort={toggle} className={`${baseHeaderClass} ${className ?? ''}`.trim()} />
  );
  return { rows: sortRows(rows, sort, valueOf), header };
};

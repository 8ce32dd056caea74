import type { ReactNode, ThHTMLAttributes } from 'react';
import { ChevronDownIcon, ChevronUpIcon, SortIcon } from './icons';
import type { SortState } from './use-sort';

/**
 * A table that scrolls sideways on narrow screens instead of squeezing its columns. Its box can be
 * reached with the keyboard (and scrolled with the arrow keys) and is a group named after the caption; it is
 * positioned, so that hidden labels (sr-only, absolutely placed) inside it cannot widen the page.
 */
export const Table = ({ children, caption }: { children: ReactNode; caption?: string }) => (
  <div className="relative overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-blue-600" tabIndex={0} role="group" aria-label={caption ?? 'Table'}>
    <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
      {caption && <caption className="sr-only">{caption}</caption>}
      {children}
    </table>
  </div>
);

export const headerCellClasses = 'px-4 py-3 text-xs font-semibold uppercase tracking-wide text-slate-500';
export const cellClasses = 'px-4 py-3 align-middle text-slate-700';

export const Th = ({ className = '', ...props }: ThHTMLAttributes<HTMLTableCellElement>) => (
  <th scope="col" className={`${headerCellClasses} ${className}`} {...props} />
);

interface SortableHeaderProps<K extends string> {
  label: string;
  sortKey: K;
  sort: SortState<K>;
  onSort: (key: K) => void;
  className?: string;
}

/** A column header whose button sorts the table; aria-sort tells which column leads and in which order. */
export const SortableHeader = <K extends string>({ label, sortKey, sort, onSort, className = '' }: SortableHeaderProps<K>) => {
  const active = sort.key === sortKey;
  const ariaSort = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none';
  const Icon = !active ? SortIcon : sort.direction === 'asc' ? ChevronUpIcon : ChevronDownIcon;
  return (
    <th scope="col" aria-sort={ariaSort} className={`${headerCellClasses} ${className}`}>
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className="-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        {label}
        <Icon className={`size-3.5 ${active ? 'text-blue-600' : 'text-slate-400'}`} />
      </button>
    </th>
  );
};

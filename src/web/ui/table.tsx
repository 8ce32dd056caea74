import { useRef, type ReactNode, type ThHTMLAttributes } from 'react';
import { ChevronDownIcon, ChevronUpIcon, SortIcon } from './icons';
import { useCellLabels } from './use-cell-labels';
import type { SortState } from './use-sort';

/**
 * A table that fits its box (decision 021). In a box narrower than 36rem (a phone; a tablet beside
 * the sidebar) each row is a card of "label value" lines with its actions in view, the headers'
 * sort buttons above the cards (styles.css, `.data-table`). Wider (a dialog on a desktop too), it is
 * a table whose columns each screen picks (column priority) and which scrolls inside its own box if
 * it still cannot fit. The box can be reached with the keyboard and is a group named after the
 * caption; it is positioned, so that hidden labels (sr-only, absolutely placed) inside it cannot
 * widen the page.
 */
export const Table = ({ children, caption }: { children: ReactNode; caption?: string }) => {
  const ref = useRef<HTMLTableElement>(null);
  useCellLabels(ref);
  return (
    <div
      className="data-table-box relative overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-blue-600"
      tabIndex={0}
      role="group"
      aria-label={caption ?? 'Table'}
    >
      <table ref={ref} className="data-table min-w-full divide-y divide-slate-200 text-left text-sm">
        {caption && <caption className="sr-only">{caption}</caption>}
        {children}
      </table>
    </div>
  );
};

const SHOWN_FROM = {
  sm: 'hidden sm:table-cell',
  md: 'hidden md:table-cell',
  lg: 'hidden lg:table-cell',
  '2xl': 'hidden 2xl:table-cell',
} as const;

/**
 * Column priority (decisions 017 and 021): the classes of a column that the table shows from a width
 * on. A row's card on a narrow screen shows it all the same, unless `inCard` is false: for a column
 * whose value the row already shows elsewhere below that width (an invoice's brand under its customer).
 */
export const shownFrom = (width: keyof typeof SHOWN_FROM, inCard = true): string => `${SHOWN_FROM[width]}${inCard ? ' card-cell' : ''}`;

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

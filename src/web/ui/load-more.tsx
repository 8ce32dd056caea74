import type { ReactNode } from 'react';
import { Button } from './button';

/** The footer of a list read by pages: the button that reads the next page, and what is shown so far. */
export const LoadMore = ({
  pages,
  label,
  summary,
}: {
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  label: string;
  summary?: ReactNode;
}) =>
  pages.hasNextPage ? (
    <div className="flex items-center justify-center gap-3 border-t border-slate-200 p-4">
      {summary && <span className="text-sm text-slate-600">{summary}</span>}
      <Button variant="secondary" loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
        {label}
      </Button>
    </div>
  ) : null;

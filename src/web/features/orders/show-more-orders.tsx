import { Button } from '../../ui/button';

/** Under an order list that holds its first rows only: load more, or say that a search finds the rest. */
export const ShowMoreOrders = ({ list }: { list: { hasMore: boolean; atMaximum: boolean; showMore(): void; query: { isFetching: boolean } } }) => {
  if (list.atMaximum)
    return (
      <p className="border-t border-slate-200 px-4 py-3 text-center text-sm text-slate-500">Showing the 1,000 newest orders. Search to find older ones.</p>
    );
  if (!list.hasMore) return null;
  return (
    <div className="flex justify-center border-t border-slate-200 px-4 py-3">
      <Button variant="secondary" size="sm" loading={list.query.isFetching} onClick={list.showMore}>
        Show more orders
      </Button>
    </div>
  );
};

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX } from '../../../domain/estimate-schemas';
import { estimateKeys, fetchEstimates, type EstimateListFilter } from '../../api/estimates';

/**
 * The shared estimate list query (same key, so every order change refreshes it) that keeps the
 * previous rows on screen while a new search or filter loads, instead of flashing a spinner.
 * It loads the newest 200 orders; showMore asks for 200 more (up to the server's 1,000), and a
 * new filter starts again from the newest 200.
 */
export const useEstimateList = (filter: EstimateListFilter) => {
  const filterKey = JSON.stringify(filter);
  const [pages, setPages] = useState({ filterKey, limit: LIST_LIMIT_DEFAULT });
  const limit = pages.filterKey === filterKey ? pages.limit : LIST_LIMIT_DEFAULT;
  const query = useQuery({
    queryKey: estimateKeys.list({ ...filter, limit }),
    queryFn: ({ signal }) => fetchEstimates({ ...filter, limit }, signal),
    placeholderData: keepPreviousData,
  });
  const full = (query.data?.length ?? 0) >= limit;
  return {
    query,
    /** More orders than shown may exist and can be loaded. */
    hasMore: full && limit < LIST_LIMIT_MAX,
    /** All the server lists at once are shown: a search finds older ones. */
    atMaximum: full && limit >= LIST_LIMIT_MAX,
    showMore: () => setPages({ filterKey, limit: Math.min(limit + LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX) }),
  };
};

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { estimateKeys, fetchEstimates, type EstimateListFilter } from '../../api/estimates';

/**
 * The shared estimate list query (same key, so every order change refreshes it) that keeps the
 * previous rows on screen while a new search or filter loads, instead of flashing a spinner.
 */
export const useEstimateList = (filter: EstimateListFilter) =>
  useQuery({
    queryKey: estimateKeys.list(filter),
    queryFn: ({ signal }) => fetchEstimates(filter, signal),
    placeholderData: keepPreviousData,
  });

// The Lending page's view, held in the address (lending-filters.ts): the filters and the list's page, size and sort,
// with the changes the page makes to them. Each change is made from the address as it is then (not a render's copy),
// so quick successive changes all land; a new filter or sort starts the rows from their first page.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  type LendingFilters,
  type LendingListState,
  lendingViewFromSearchParams,
  lendingViewToSearchParams,
  listedNoun,
  withFilter,
} from './lending-filters';

export function useLendingView() {
  const [searchParams, setSearchParams] = useSearchParams();
  const paramsKey = searchParams.toString();
  // Read from the address's text, so an equal address keeps the same objects (and the queries keyed on them).
  const { filters, list } = useMemo(
    () => lendingViewFromSearchParams(new URLSearchParams(paramsKey)),
    [paramsKey],
  );

  const setFilter = useCallback(
    <K extends keyof LendingFilters>(key: K, value: LendingFilters[K] | undefined) => {
      setSearchParams(
        (previous) => {
          const view = lendingViewFromSearchParams(previous);
          return lendingViewToSearchParams({
            filters: withFilter(view.filters, key, value),
            list: { ...view.list, page: 1 },
          });
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );
  const setList = useCallback(
    (patch: Partial<LendingListState>) => {
      setSearchParams(
        (previous) => {
          const view = lendingViewFromSearchParams(previous);
          const next = { ...view.list, ...patch };
          if (!('page' in patch)) next.page = 1;
          return lendingViewToSearchParams({ filters: view.filters, list: next });
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );
  const goToPage = useCallback((page: number) => setList({ page }), [setList]);
  const resetFilters = useCallback(
    () => setSearchParams(new URLSearchParams(), { replace: true }),
    [setSearchParams],
  );

  return {
    filters,
    list,
    /** Loans when the Status filter holds only paid-out statuses; applications otherwise. */
    listed: listedNoun(filters.status),
    setFilter,
    setList,
    goToPage,
    resetFilters,
  };
}

export type LendingView = ReturnType<typeof useLendingView>;

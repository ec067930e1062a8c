// The Lending page's view, held in the address (lending-filters.ts): the filters and the list's page, size and sort,
// with the changes the page makes to them, written the one way (hooks/use-address-search.ts): each from the address as
// it is then, on the path it is on (a dialog open over the list stays open). A new filter or sort starts the rows from
// their first page.
import { useCallback, useMemo } from 'react';
import { useAddressSearch } from '../../hooks/use-address-search';
import {
  type LendingFilters,
  type LendingListState,
  lendingViewFromSearchParams,
  lendingViewToSearchParams,
  listedNoun,
  withFilter,
} from './lending-filters';

export function useLendingView() {
  const [searchParams, replaceSearch] = useAddressSearch();
  const paramsKey = searchParams.toString();
  // Read from the address's text, so an equal address keeps the same objects (and the queries keyed on them).
  const { filters, list } = useMemo(
    () => lendingViewFromSearchParams(new URLSearchParams(paramsKey)),
    [paramsKey],
  );

  const setFilter = useCallback(
    <K extends keyof LendingFilters>(key: K, value: LendingFilters[K] | undefined) => {
      replaceSearch((current) => {
        const view = lendingViewFromSearchParams(current);
        return lendingViewToSearchParams({
          filters: withFilter(view.filters, key, value),
          list: { ...view.list, page: 1 },
        });
      });
    },
    [replaceSearch],
  );
  const setList = useCallback(
    (patch: Partial<LendingListState>) => {
      replaceSearch((current) => {
        const view = lendingViewFromSearchParams(current);
        const next = { ...view.list, ...patch };
        if (!('page' in patch)) next.page = 1;
        return lendingViewToSearchParams({ filters: view.filters, list: next });
      });
    },
    [replaceSearch],
  );
  const goToPage = useCallback((page: number) => setList({ page }), [setList]);
  const resetFilters = useCallback(() => replaceSearch(() => new URLSearchParams()), [replaceSearch]);

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

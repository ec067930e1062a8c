// The one way a page keeps its view in the address's search (a list's filters, page and sort; a chosen tab, run,
// statement or quarter). Each change is built from the address as it is at that moment, not from the search the last
// render saw, so quick successive changes all land (a search landing once typing pauses, then a page chosen before the
// list is drawn again). It stays on the path the address is on then, with that entry's state, so a dialog opened over
// the list a moment earlier (its own address, /admin/lending/4/payment) stays open and still closes to where it was
// opened from. It replaces the history entry: Back leaves the page rather than stepping through every keystroke.
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/** Changes to some keys of the search: a value sets the key; null, undefined or '' removes it. */
export type SearchPatch = Readonly<Record<string, string | null | undefined>>;

/** The search with the patch applied; the keys the patch does not name are kept. */
function patchedSearch(current: URLSearchParams, patch: SearchPatch): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || value === undefined || value === '') next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/**
 * The user state of the history entry the address is on now. react-router's browser history keeps it under `usr`
 * (beside its own `key` and `idx`); read here rather than from a render, which may not have seen the entry yet.
 */
function liveEntryState(): unknown {
  const state: unknown = window.history.state;
  return state && typeof state === 'object' && 'usr' in state ? state.usr : undefined;
}

/**
 * The address's search as this render has it, and `replaceSearch`, which changes it: with a patch (keys to set or
 * remove) or with a function from the search as it is now to the next one.
 */
export function useAddressSearch() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const replaceSearch = useCallback(
    (change: SearchPatch | ((current: URLSearchParams) => URLSearchParams)) => {
      const current = new URLSearchParams(window.location.search);
      const search = (
        typeof change === 'function' ? change(current) : patchedSearch(current, change)
      ).toString();
      navigate(
        { pathname: window.location.pathname, search: search ? `?${search}` : '' },
        { replace: true, state: liveEntryState() },
      );
    },
    [navigate],
  );
  return [params, replaceSearch] as const;
}

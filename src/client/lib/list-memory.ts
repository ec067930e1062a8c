// Each back-office list keeps its view (page, sort, search, filters) in its address. Moving from one list to another
// and back must not lose it: the view each list was last seen with is remembered for the browser tab
// (sessionStorage), and the links between lists (the top bar, the Admin Panel's tabs, "Back to Admin Panel", the
// Lending Management button) go back to it. A link that names its own filters is followed as it is.
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** The lists whose view is remembered: the Admin Panel (its open tab and list) and each of its tabs, and Lending. */
export type RememberedList = '/admin' | '/admin/lending' | `/admin#${string}`;

const PREFIX = 'vuka.list-view:';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Remembers a list's view: the address's query ('?tab=users&search=ada'), or '' for the list's defaults. */
export function rememberListView(list: RememberedList, search: string): void {
  try {
    storage()?.setItem(PREFIX + list, search);
  } catch {
    // Storage full or blocked: the list then opens with its defaults, as before.
  }
}

/** The query a list was last seen with ('' when never, or with its defaults). */
export function rememberedListView(list: RememberedList): string {
  try {
    return storage()?.getItem(PREFIX + list) ?? '';
  } catch {
    return '';
  }
}

/** The link to a page list as it was last seen: '/admin?tab=users&search=ada', or the path alone. */
export function listViewHref(path: '/admin' | '/admin/lending'): string {
  return `${path}${rememberedListView(path)}`;
}

/** Remembers this page's list view while it is shown, whenever its address changes. */
export function useRememberListView(list: '/admin' | '/admin/lending'): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (pathname === list) rememberListView(list, search);
  }, [list, pathname, search]);
}

// A page whose dialogs have addresses (lib/application-dialog-routes.ts): the open dialog is the address's, so a reload
// or a shared link opens it again. Opening one from the page keeps the page's view (its search) in the address;
// closing goes back to the page it was opened from when that is another page (a user's page linked to it), and
// otherwise to the page's list with the view the address has then (a search that landed while the dialog was open is
// kept), which is also where a dialog opened by its address alone closes to.
import { useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { type DialogAddresses, dialogReturnOf, returnHere } from '../lib/application-dialog-routes';

export function useDialogRoute<K extends string>(
  addresses: DialogAddresses<K>,
  /** The page's list with this view, where a dialog over it closes to. */
  listOf: (search: URLSearchParams) => { pathname: string; search: string },
) {
  const { applicationId, dialog } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const open = addresses.fromRoute(applicationId, dialog);
  // One close per address: Escape can reach both the dialog and its form, and a second move would leave the page the
  // dialog was opened from.
  const closedAt = useRef<string | null>(null);
  return {
    open,
    /** The id of the application whose `kind` dialog is open, or null. */
    idOf: (kind: K) => (open?.kind === kind ? open.id : null),
    show: (kind: K, id: number) => {
      // The address bar as it is at the click, not as this render saw it: a search just typed is in the address at
      // once, while the router renders it as a transition, so a click before that render would drop the search.
      const here = { pathname: window.location.pathname, search: window.location.search };
      navigate({ pathname: addresses.path(kind, id), search: here.search }, { state: returnHere(here) });
    },
    close: () => {
      if (!open || closedAt.current === location.key) return;
      closedAt.current = location.key;
      const returnTo = dialogReturnOf(location.state);
      const list = listOf(new URLSearchParams(window.location.search));
      const fromAnotherPage =
        returnTo !== null && new URL(returnTo, window.location.origin).pathname !== list.pathname;
      navigate(fromAnotherPage ? returnTo : list, { replace: true });
    },
  };
}

// A page whose dialogs have addresses (lib/application-dialog-routes.ts): the open dialog is the address's, so a reload
// or a shared link opens it again. Opening one from the page keeps the page's view (its search) in the address;
// closing goes back to where it was opened from (the page, or another page that linked to it), or to the page's list
// when the address was opened directly.
import { useRef } from 'react';
import { type To, useLocation, useNavigate, useParams } from 'react-router';
import { type DialogAddresses, dialogReturnOf, returnHere } from '../lib/application-dialog-routes';

export function useDialogRoute<K extends string>(
  addresses: DialogAddresses<K>,
  /** The page's list with this view, where a dialog opened by its address alone closes to. */
  listOf: (search: URLSearchParams) => To,
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
      navigate(returnTo ?? listOf(new URLSearchParams(location.search)), { replace: true });
    },
  };
}

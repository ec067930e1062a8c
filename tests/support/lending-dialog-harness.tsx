// A card's Add Payment and its dialog over the Lending list, wired as the page wires them (useDialogRoute with the
// list's address): the component tests of dialog addresses and of the list's view in the address render it.
import { useDialogRoute } from '../../src/client/hooks/use-dialog-route';
import { lendingDialogs } from '../../src/client/lib/application-dialog-routes';

export function AddPaymentOverLendingList() {
  const dialog = useDialogRoute(lendingDialogs, (search) => ({
    pathname: '/admin/lending',
    search: search.toString(),
  }));
  return (
    <>
      <button type="button" onClick={() => dialog.show('payment', 4)}>
        Add Payment
      </button>
      {dialog.open ? (
        <div role="dialog" aria-label="Add Payment">
          <button type="button" onClick={dialog.close}>
            Close
          </button>
        </div>
      ) : null}
    </>
  );
}

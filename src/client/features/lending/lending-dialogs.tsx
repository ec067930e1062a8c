// The Lending page's dialogs, each at its own address over the loan list (/admin/lending/4, /4/payment,
// /4/record-earnings, /4/cancel, and /4/approve or /4/reject from the details): a reload or a shared link opens the
// same dialog, and closing it goes back to the list with its view (hooks/use-dialog-route.ts). Recording earnings and
// cancelling work on the row as listed; an address naming a row the list no longer holds closes to the list. Recording a
// settlement (/4/record-settlement) works on the loan's open quote (one per loan); once the quote is paid, expired or
// superseded the address closes to the list.
import { useEffect, useRef } from 'react';
import type { OpenSettlementQuote } from '../../../shared/schemas/servicing';
import type { LendingDialogKind } from '../../lib/application-dialog-routes';
import {
  AddPaymentDialog,
  AdminApplicationDetailsDialog,
  EditApplicationDialog,
} from '../admin-applications';
import { CancelLendingDialog } from './cancel-lending-dialog';
import { useOpenSettlementQuotes } from './lending-api';
import { RecordEarningsDialog } from './record-earnings-dialog';
import { SettleQuoteDialog } from './settle-quote-dialog';
import type { LendingRow } from './types';

interface LendingDialogRoute {
  open: { kind: LendingDialogKind; id: number } | null;
  idOf: (kind: LendingDialogKind) => number | null;
  close: () => void;
}

export function LendingDialogs({
  dialog,
  rows,
  rowsSettled,
}: {
  dialog: LendingDialogRoute;
  /** The rows of the list's page as shown. */
  rows: LendingRow[];
  /** The rows are the list's own (not a page still loading or shown while the next one loads). */
  rowsSettled: boolean;
}) {
  const rowOf = (kind: LendingDialogKind) => {
    const id = dialog.idOf(kind);
    return id === null ? null : (rows.find((row) => row.id === id) ?? null);
  };
  const earningsRow = rowOf('earnings');
  const cancelRow = rowOf('cancel');
  const rowMissing =
    rowsSettled &&
    (dialog.open?.kind === 'earnings' || dialog.open?.kind === 'cancel') &&
    !earningsRow &&
    !cancelRow;
  const quotes = useOpenSettlementQuotes();
  const settlementId = dialog.idOf('settlement');
  const listedQuote =
    settlementId === null ? null : (quotes.data?.find((q) => q.applicationId === settlementId) ?? null);
  // The quote the dialog was opened on stays its subject while it is open: recording it takes it off the list before
  // the dialog has said so (its toast) and closed itself.
  const heldQuote = useRef<OpenSettlementQuote | null>(null);
  if (listedQuote) heldQuote.current = listedQuote;
  const quote = listedQuote ?? (heldQuote.current?.applicationId === settlementId ? heldQuote.current : null);
  // An address naming a loan with no open quote (paid, expired or superseded since) closes to the list.
  const quoteMissing = settlementId !== null && quotes.isSuccess && !quotes.isFetching && !quote;
  useEffect(() => {
    if (rowMissing || quoteMissing) dialog.close();
  }, [rowMissing, quoteMissing, dialog]);
  const onOpenChange = (open: boolean) => {
    if (!open) dialog.close();
  };
  return (
    <>
      <RecordEarningsDialog row={earningsRow} onOpenChange={onOpenChange} />
      <CancelLendingDialog row={cancelRow} onOpenChange={onOpenChange} />
      <SettleQuoteDialog quote={quote} onOpenChange={onOpenChange} />
      <AddPaymentDialog applicationId={dialog.idOf('payment')} onOpenChange={onOpenChange} />
      <AdminApplicationDetailsDialog applicationId={dialog.idOf('details')} onOpenChange={onOpenChange} />
      <EditApplicationDialog
        applicationId={dialog.idOf('approve')}
        onOpenChange={onOpenChange}
        startWith="approve"
      />
      <EditApplicationDialog
        applicationId={dialog.idOf('reject')}
        onOpenChange={onOpenChange}
        startWith="reject"
      />
    </>
  );
}

// The loan's payments in Application Details, newest first: cards at phone width, a table from 640 px. Each payment
// in force can be reversed (docs/lending.md, "Reversal"); a reversed one stays listed, struck through, with the day
// and the reason, and counts for nothing in the totals.
import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { receivedByText } from '../../../shared/payment-channels';
import { Button } from '../../components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { formatDate, formatZar } from '../../lib/format';
import { cn } from '../../lib/utils';
import type { Payment } from '../applications';
import { paymentsNewestFirst, reversalNote } from '../applications';
import { type ReversalTarget, ReversePaymentDialog } from './reverse-payment-dialog';

export function PaymentsList({
  applicationId,
  payments,
  currency,
}: {
  applicationId: number;
  payments: ReadonlyArray<Payment>;
  currency: string | null | undefined;
}) {
  const [reversal, setReversal] = useState<ReversalTarget | null>(null);
  const money = (value: string | null | undefined) => formatZar(value, { currency });
  if (payments.length === 0) return <p className="text-sm text-slate-600">No payments recorded yet.</p>;

  const sorted = paymentsNewestFirst(payments);
  const reverse = (payment: Payment) =>
    setReversal({
      paymentId: payment.id,
      applicationId,
      amount: payment.amount,
      platformFee: payment.platformFee ?? null,
      paymentDate: payment.paymentDate,
      currency,
    });
  const reverseButton = (payment: Payment) => (
    <Button
      size="sm"
      variant="outline"
      onClick={() => reverse(payment)}
      aria-label={`Reverse payment #${payment.id} of ${money(payment.amount)} on ${formatDate(payment.paymentDate)}`}
    >
      <Undo2 aria-hidden="true" />
      Reverse
    </Button>
  );

  return (
    <div data-testid="details-payments">
      <ul className="grid gap-2 text-sm sm:hidden">
        {sorted.map((payment) => (
          <li
            key={payment.id}
            className={cn(
              'grid gap-1 rounded-md border border-border p-2.5',
              payment.reversedOn && 'bg-slate-50',
            )}
          >
            <span className="flex justify-between gap-3">
              <span>{formatDate(payment.paymentDate)}</span>
              <span className={cn('font-semibold tabular-nums', payment.reversedOn && 'line-through')}>
                {money(payment.amount)}
              </span>
            </span>
            <span className="text-xs text-slate-600">
              Platform fee {money(payment.platformFee)}
              {paymentNote(payment) ? ` · ${paymentNote(payment)}` : ''}
            </span>
            {payment.reversedOn ? (
              <span className="text-xs font-medium text-red-700">{reversalNote(payment)}</span>
            ) : (
              <span>{reverseButton(payment)}</span>
            )}
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <Table aria-label="Payments">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead scope="col">Date</TableHead>
              <TableHead scope="col" className="text-right">
                Amount
              </TableHead>
              <TableHead scope="col" className="text-right">
                Platform fee
              </TableHead>
              <TableHead scope="col">Notes</TableHead>
              <TableHead scope="col">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {sorted.map((payment) => (
              <TableRow key={payment.id}>
                <TableCell className="whitespace-nowrap">{formatDate(payment.paymentDate)}</TableCell>
                <TableCell
                  className={cn(
                    'text-right whitespace-nowrap tabular-nums',
                    payment.reversedOn && 'line-through',
                  )}
                >
                  {money(payment.amount)}
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">
                  {money(payment.platformFee)}
                </TableCell>
                <TableCell className="min-w-32 text-slate-700">
                  {payment.reversedOn ? (
                    <span className="font-medium text-red-700">{reversalNote(payment)}</span>
                  ) : (
                    paymentNote(payment) || '-'
                  )}
                </TableCell>
                <TableCell className="text-right">
                  {payment.reversedOn ? null : reverseButton(payment)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ReversePaymentDialog target={reversal} onOpenChange={(open) => !open && setReversal(null)} />
    </div>
  );
}

/** How the payment came in, then the admin's notes: "EFT (bank transfer), reference VUKA-12 · November". */
const paymentNote = (payment: Payment) =>
  [receivedByText(payment), payment.notes].filter(Boolean).join(' · ');

// How to pay a loan (docs/lending.md, "How to pay"): our account, the loan's payment reference and
// the amount to pay with its fee, each with a copy button, so a creator who is told to pay can pay. Overdue: "Pay
// R 2 550,42 now"; otherwise the next instalment and its due date. The figures come from the server (GET
// /api/applications/{id}/servicing, howToPay and position); nothing is worked out here.
import { Landmark } from 'lucide-react';
import type { ReactNode } from 'react';
import type { LoanServicing } from '../../../shared/schemas/servicing';
import { CopyButton } from '../../components/copy-button';
import { formatDate, formatZar } from '../../lib/format';

function PayRow({ label, value, copy }: { label: string; value: string; copy?: string }): ReactNode {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-0.5 border-b border-emerald-100 py-1.5 last:border-b-0">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="flex min-w-0 items-center gap-1 text-right text-sm font-medium [overflow-wrap:anywhere] text-slate-900">
        <span className="tabular-nums">{value}</span>
        {copy ? <CopyButton text={copy} label={`Copy ${label.toLowerCase()}`} /> : null}
      </dd>
    </div>
  );
}

export function HowToPay({
  servicing,
  currency,
}: {
  servicing: Pick<LoanServicing, 'howToPay' | 'position'>;
  currency: string;
}) {
  const { howToPay, position } = servicing;
  const amount = formatZar(howToPay.amount, { currency });
  const due = Number(howToPay.amount) > 0;
  const overdue = Number(position.amountOverdue) > 0;
  const headingId = `how-to-pay-${howToPay.reference}`;
  let heading = 'How to pay';
  if (due && overdue) heading = `Pay ${amount} now`;
  else if (due && position.nextPaymentDate)
    heading = `Pay ${amount} by ${formatDate(position.nextPaymentDate)}`;
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-2 rounded-lg border border-emerald-200 bg-emerald-50/60 p-3 sm:p-4"
      data-testid="how-to-pay"
    >
      <h4 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Landmark className="size-4 text-emerald-700" aria-hidden="true" />
        {heading}
      </h4>
      <p className="text-sm text-slate-700">
        Pay by EFT into our account with your reference, so the payment reaches this financing
        {due ? '. The amount includes the platform fee.' : '.'}
      </p>
      <dl className="grid">
        {due ? <PayRow label="Amount" value={amount} copy={howToPay.amount} /> : null}
        <PayRow label="Reference" value={howToPay.reference} copy={howToPay.reference} />
        <PayRow label="Bank" value={howToPay.bank.bankName} />
        <PayRow label="Account name" value={howToPay.bank.accountName} />
        <PayRow
          label="Account number"
          value={howToPay.bank.accountNumber}
          copy={howToPay.bank.accountNumber}
        />
        <PayRow label="Branch code" value={howToPay.bank.branchCode} copy={howToPay.bank.branchCode} />
      </dl>
    </section>
  );
}

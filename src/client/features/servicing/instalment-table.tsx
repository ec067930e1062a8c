// The instalment table (due date, instalment, platform fee, what to pay, paid, status) for the creator's plan card and the admin's
// application details. A table from 640 px; below it, one row of text per instalment, so nothing scrolls
// sideways at 390 px.
import { INSTALMENT_STATUS_LABELS, type InstalmentStatus } from '../../../shared/finance/instalments';
import type { InstalmentView } from '../../../shared/schemas/servicing';
import { Badge } from '../../components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { formatDate, formatZar } from '../../lib/format';

const STATUS_TONES: Record<InstalmentStatus, 'success' | 'warning' | 'destructive' | 'info' | 'secondary'> = {
  paid: 'success',
  partly_paid: 'info',
  due: 'warning',
  overdue: 'destructive',
  upcoming: 'secondary',
  settled: 'success',
  forgiven: 'secondary',
};

function InstalmentStatusBadge({ status }: { status: InstalmentStatus }) {
  return <Badge variant={STATUS_TONES[status]}>{INSTALMENT_STATUS_LABELS[status]}</Badge>;
}

export function InstalmentTable({
  instalments,
  currency,
  caption,
}: {
  instalments: ReadonlyArray<InstalmentView>;
  currency?: string | null;
  /** Read by screen readers before the rows, e.g. "Instalments of Thandi Cooks Media". */
  caption: string;
}) {
  const money = (value: string) => formatZar(value, { currency });
  if (instalments.length === 0) {
    return <p className="text-sm text-slate-600">No instalments yet.</p>;
  }
  return (
    <>
      <Table className="hidden sm:table" data-testid="instalment-table">
        <caption className="sr-only">{caption}</caption>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead scope="col">#</TableHead>
            <TableHead scope="col">Due date</TableHead>
            <TableHead scope="col" className="text-right">
              Due
            </TableHead>
            <TableHead scope="col" className="text-right">
              Platform fee
            </TableHead>
            <TableHead scope="col" className="text-right">
              To pay
            </TableHead>
            <TableHead scope="col" className="text-right">
              Paid
            </TableHead>
            <TableHead scope="col">Status</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {instalments.map((i) => (
            <TableRow key={i.number} data-status={i.status}>
              <TableCell className="tabular-nums text-slate-600">{i.number}</TableCell>
              <TableCell className="whitespace-nowrap">{formatDate(i.dueDate)}</TableCell>
              <TableCell className="whitespace-nowrap text-right tabular-nums">
                {money(i.amountDue)}
              </TableCell>
              <TableCell className="whitespace-nowrap text-right tabular-nums">{money(i.fee)}</TableCell>
              <TableCell className="whitespace-nowrap text-right tabular-nums">{money(i.total)}</TableCell>
              <TableCell className="whitespace-nowrap text-right tabular-nums">
                {money(i.amountPaid)}
              </TableCell>
              <TableCell>
                <InstalmentStatusBadge status={i.status} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ul className="grid gap-2 sm:hidden" aria-label={caption} data-testid="instalment-list">
        {instalments.map((i) => (
          <li
            key={i.number}
            data-status={i.status}
            className="flex items-center justify-between gap-3 rounded-md border border-border px-3 py-2 text-sm"
          >
            <span className="grid min-w-0">
              {/* Date and amount each stay whole; in a narrow dialog the amount moves under the date. */}
              <span className="flex flex-wrap gap-x-1 font-medium text-slate-900">
                <span className="whitespace-nowrap">{formatDate(i.dueDate)} ·</span>
                <span className="whitespace-nowrap tabular-nums">{money(i.amountDue)}</span>
              </span>
              <span className="text-xs text-slate-600">
                #{i.number} · + {money(i.fee)} fee = {money(i.total)} · paid {money(i.amountPaid)}
              </span>
            </span>
            <InstalmentStatusBadge status={i.status} />
          </li>
        ))}
      </ul>
    </>
  );
}

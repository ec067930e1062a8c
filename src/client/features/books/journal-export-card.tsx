// The journal export (docs/accounting.md, "Journal export"): the journals booked from one day to another as the CSV
// an accounting package imports, in Xero's or Sage Accounting's layout. Validated with the shared query schema; the
// server's refusals (a range over a year) are shown under their fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { Download } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { addDays } from '../../../shared/business-date';
import { journalExportQuerySchema } from '../../../shared/schemas/books';
import { DateField, SelectField } from '../../components/form-fields';
import { ServerError } from '../../components/server-error';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Form } from '../../components/ui/form';
import { toast } from '../../hooks/use-toast';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useDownloadJournals } from './books-api';

const LAYOUTS = [
  { value: 'xero', label: 'Xero (manual journals)' },
  { value: 'sage', label: 'Sage Accounting (journals)' },
];
const DETAILS = [
  { value: 'daily', label: 'One journal a day' },
  { value: 'entries', label: 'One journal per entry' },
];
const FAILED = 'Journals not exported';

/** Last month, from its first day to its last, as the default range. */
function lastMonth(today: string) {
  const end = addDays(`${today.slice(0, 7)}-01`, -1);
  return { from: `${end.slice(0, 7)}-01`, to: end };
}

export function JournalExportCard({ today }: { today: string }) {
  const download = useDownloadJournals();
  const form = useForm<
    z.input<typeof journalExportQuerySchema>,
    unknown,
    z.output<typeof journalExportQuerySchema>
  >({
    resolver: zodResolver(journalExportQuerySchema),
    defaultValues: { ...lastMonth(today), layout: 'xero', detail: 'daily' },
  });
  const { onSubmit, serverError } = useFormSubmit(form, download.mutateAsync, {
    fields: ['from', 'to', 'layout', 'detail'],
    failed: FAILED,
    done: (fileName) => toast({ title: 'Journals downloaded', description: fileName }),
  });
  return (
    <Card>
      <CardHeader className="gap-2">
        <CardTitle as="h2">Journal export</CardTitle>
        <CardDescription>
          What was booked in a period (at most a year) for your accounting package: one journal a day with
          each account&apos;s net movement, or one per payment, payout and adjustment. Lines carry No VAT.
        </CardDescription>
      </CardHeader>
      <CardContent className="pt-0">
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate aria-label="Journal export" className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <DateField control={form.control} name="from" label="From" max={today} />
              <DateField control={form.control} name="to" label="To" />
              <SelectField control={form.control} name="layout" label="Layout" options={LAYOUTS} />
              <SelectField control={form.control} name="detail" label="Detail" options={DETAILS} />
            </div>
            <ServerError title={FAILED} message={serverError} />
            <div>
              <Button type="submit" variant="outline" loading={download.isPending}>
                {download.isPending ? null : <Download aria-hidden="true" />}
                {download.isPending ? 'Preparing CSV…' : 'Download CSV'}
              </Button>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}

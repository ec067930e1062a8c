// Setup Repayment Schedule: frequency,
// payment method, withholding and period (starting from the application's saved estimated period), with the
// server's price of the financing and the instalment it leads to. Sending it makes an offer (docs/lending.md, "The
// quote is the contract"): the server stores the quote and the application reads offered; the creator reads and
// accepts it before anything is paid out. While an offer waits, 'Change Offer' opens the same dialog and a new
// offer replaces the one before.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { MAX_PERIOD_MONTHS, MIN_PERIOD_MONTHS } from '../../../shared/constants';
import { quoteText } from '../../../shared/finance/quote';
import {
  ADMIN_DEFAULT_PERIOD_MONTHS,
  ADMIN_DEFAULT_WITHHOLDING_PERCENTAGE,
  clampPeriod,
  estimatedMonthlyWithholding,
} from '../../../shared/finance/repayment-plan';
import { adminScheduleSchema } from '../../../shared/schemas/admin-applications';
import { baseStatus } from '../../../shared/status-machine';
import { FormDialogContent } from '../../components/form-dialog';
import { NumberField, SelectField } from '../../components/form-fields';
import { useDebouncedValue } from '../../hooks/use-debounce';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { formatPercent, formatZar, formatZarWhole } from '../../lib/format';
import { financedAmount, type PreviewTermsAnswer, TopUpNote } from '../applications';
import type { AdminApplication } from './admin-types';
import { ApplicationDialog } from './application-dialog';
import { applicantName, previewApplies } from './application-filters';
import { useAdminPreviewTerms, useSetupSchedule } from './applications-api';
import { PERIOD_FIELD, RepaymentPreview } from './repayment-preview';

const FREQUENCIES = [
  { value: 'automatic', label: 'Automatic (as earnings arrive)' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'biweekly', label: 'Every two weeks' },
] as const;

const METHODS = [
  { value: 'platform_earnings', label: 'Platform earnings' },
  { value: 'bank_debit', label: 'Bank debit' },
  { value: 'manual', label: 'Manual payments' },
] as const;

type Frequency = (typeof FREQUENCIES)[number]['value'];

/** The two choices of the schedule, each a select of its options. */
const CHOICES = [
  { name: 'frequency', label: 'Payment frequency', options: FREQUENCIES },
  { name: 'paymentMethod', label: 'Payment method', options: METHODS },
] as const;

/** The admin defaults where the application has no saved period or the field is empty. */

/** The period the dialog starts from: the one saved with the application (held to 1-36), else 12 months. */
function initialSetupPeriod(application: Pick<AdminApplication, 'estimatedPeriod'>): number {
  const saved = application.estimatedPeriod;
  return typeof saved === 'number' && Number.isFinite(saved)
    ? clampPeriod(saved)
    : ADMIN_DEFAULT_PERIOD_MONTHS;
}

/** '12 monthly instalments', '26 instalments, one every 14 days'. */
function instalmentCountText(count: number, frequency: Frequency): string {
  if (frequency === 'biweekly')
    return `${count} ${count === 1 ? 'instalment' : 'instalments'}, one every 14 days`;
  return `${count} monthly ${count === 1 ? 'instalment' : 'instalments'}`;
}

/**
 * The server's quote of the offer this setup sends, as paid out today: what the creator will be charged in platform
 * fees, the total cost of credit and the annualised cost rate (docs/lending.md, "Quote").
 */
function quoteFigures(terms: PreviewTermsAnswer, currency: string | null | undefined) {
  const quote = quoteText(terms.quote, currency);
  return [
    {
      label: 'Platform fees',
      value: quote.platformFees,
      note: `${quote.platformFeeRate} of each repayment`,
    },
    { label: 'Total cost of credit', value: quote.costOfCredit, note: 'cost + platform fees' },
    { label: 'Annualised cost rate', value: quote.annualCostRate },
    { label: 'First instalment due', value: quote.firstDueDate },
    { label: 'Last instalment due', value: quote.lastDueDate },
  ];
}

// The schema reads any value (an empty number falls back to the default); the fields hold numbers.
type SetupValues = z.input<typeof adminScheduleSchema>;
type SetupOutput = z.output<typeof adminScheduleSchema>;

export function SetupRepaymentDialog({
  applicationId,
  onOpenChange,
  changing = false,
}: {
  applicationId: number | null;
  onOpenChange: (open: boolean) => void;
  /** Opened from 'Change Offer': the title while the application loads says so. */
  changing?: boolean;
}) {
  return (
    <ApplicationDialog
      applicationId={applicationId}
      onOpenChange={onOpenChange}
      title={changing ? 'Change Offer' : 'Setup Repayment Schedule'}
    >
      {(application, onDone) => <SetupContent application={application} onDone={onDone} />}
    </ApplicationDialog>
  );
}

function SetupContent({ application, onDone }: { application: AdminApplication; onDone: () => void }) {
  const setup = useSetupSchedule();
  // Also shown in the dialog: the toast region is hidden from assistive technology behind a modal dialog.
  const [serverError, setServerError] = useState<string | null>(null);
  const currency = application.currency;
  const form = useForm<SetupValues, unknown, SetupOutput>({
    resolver: zodResolver(adminScheduleSchema),
    defaultValues: {
      frequency: 'automatic',
      paymentMethod: 'platform_earnings',
      withholdingPercentage: ADMIN_DEFAULT_WITHHOLDING_PERCENTAGE,
      estimatedPeriod: initialSetupPeriod(application),
    },
  });

  const [withholding, period, frequency, paymentMethod] = useWatch({
    control: form.control,
    name: ['withholdingPercentage', 'estimatedPeriod', 'frequency', 'paymentMethod'],
  });
  const settledPeriod = useDebouncedValue(period, 300);
  const settledWithholding = useDebouncedValue(withholding, 300);
  // The same reading as the server: an empty field falls back to 12 months and 20 %.
  const periodParsed = adminScheduleSchema.shape.estimatedPeriod.safeParse(settledPeriod);
  const withholdingParsed = adminScheduleSchema.shape.withholdingPercentage.safeParse(withholding);
  const settledWithholdingParsed =
    adminScheduleSchema.shape.withholdingPercentage.safeParse(settledWithholding);
  // Once sent, the dialog closes with the figures it confirmed (the application reads offered by then).
  const saved = setup.isPending || setup.isSuccess;
  // An offer already waits: this one replaces it.
  const changing = baseStatus(application.status) === 'offered';
  const hint =
    !previewApplies(application) && !saved
      ? 'An offer can be made only for an approved application without a schedule.'
      : periodParsed.success
        ? null
        : `Enter a period of ${MIN_PERIOD_MONTHS} to ${MAX_PERIOD_MONTHS} months to see the preview.`;
  // Only while the server prices one (approved or offered, no schedule yet), and not while the offer is being sent.
  // The server quotes the schedule this offer carries: its frequency, method, withholding and period.
  const preview = useAdminPreviewTerms(
    application.id,
    periodParsed.success
      ? {
          estimatedPeriod: periodParsed.data,
          frequency: frequency ?? 'automatic',
          paymentMethod: paymentMethod ?? 'platform_earnings',
          ...(settledWithholdingParsed.success
            ? { withholdingPercentage: settledWithholdingParsed.data }
            : {}),
        }
      : {},
    periodParsed.success && previewApplies(application) && !setup.isPending,
  );

  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    setup.mutate(
      { id: application.id, input: values },
      {
        onSuccess: () => {
          toast({
            title: 'Offer sent',
            description: `${applicantName(application)} reads and accepts the offer for application #${application.id} before anything is paid out.`,
          });
          onDone();
        },
        onError: (error) => {
          const message = messageOf(error, 'Failed to send the offer');
          setServerError(message);
          toast({ variant: 'destructive', title: 'Offer not sent', description: message });
        },
      },
    );
  });

  return (
    <FormDialogContent
      className="max-w-xl"
      busy={setup.isPending}
      title={changing ? 'Change Offer' : 'Setup Repayment Schedule'}
      description={
        <>
          #{application.id} · {applicantName(application)} · financing of{' '}
          {formatZarWhole(financedAmount(application), { currency })}, monthly revenue{' '}
          {formatZar(application.monthlyRevenue, { currency })}.{' '}
          {changing
            ? 'An offer is waiting for the creator; this one replaces it.'
            : 'This sends the creator an offer: they accept it before anything is paid out.'}
        </>
      }
      form={form}
      onSubmit={onSubmit}
      formLabel="Repayment schedule"
      error={{ title: 'Offer not sent', message: serverError }}
      submitLabel="Send Offer"
    >
      {application.topUp ? <TopUpNote topUp={application.topUp} holder="creator" /> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        {CHOICES.map((choice) => (
          <SelectField
            key={choice.name}
            control={form.control}
            name={choice.name}
            label={choice.label}
            options={choice.options}
            className="content-start"
          />
        ))}
        <NumberField
          control={form.control}
          name="withholdingPercentage"
          className="content-start"
          label="Withholding (%)"
          description="1 to 100 % of monthly platform earnings."
          inputMode="decimal"
          min={1}
          max={100}
          step="any"
        />
        <NumberField control={form.control} name="estimatedPeriod" {...PERIOD_FIELD} />
      </div>

      <RepaymentPreview
        query={preview}
        hint={hint}
        figures={(terms) => {
          const chosen = frequency ?? 'automatic';
          // The server's quote of this offer: its charge (held within the National Credit Act's ceilings), instalment
          // and count for the chosen frequency and period. The withholding estimate follows the field as it is typed.
          const quote = quoteText(terms.quote, currency);
          const withheld = withholdingParsed.success
            ? estimatedMonthlyWithholding(application.monthlyRevenue, withholdingParsed.data).toFixed(2)
            : null;
          return [
            {
              label: 'Financed amount',
              value: formatZarWhole(financedAmount(application), { currency }),
            },
            {
              label: 'Cost',
              value: quote.financeCharge,
              note: terms.quote.listFinanceCharge
                ? 'held to the legal ceiling'
                : `${formatPercent(terms.costPercentage)} of the amount, from the credit score`,
            },
            { label: 'Total repayable', value: quote.totalRepayable },
            {
              label: 'Repayment period',
              value: periodParsed.success ? `${periodParsed.data} months` : '-',
            },
            {
              label: 'Instalment',
              value: quote.instalmentAmount,
              note: instalmentCountText(terms.quote.instalmentCount, chosen),
            },
            {
              label: 'Withholding',
              value: withholdingParsed.success ? formatPercent(withholdingParsed.data) : '-',
              note: 'of monthly platform earnings',
            },
            {
              label: 'Estimated monthly withholding',
              value: withheld ? formatZar(withheld, { currency }) : '-',
              note: `on ${formatZar(application.monthlyRevenue, { currency })} monthly revenue`,
            },
            ...quoteFigures(terms, currency),
          ];
        }}
        footnote={(terms) =>
          [
            quoteText(terms.quote, currency).ceilingNote,
            'The due dates are those of a payout today; they count from the day the payout is recorded. The last instalment may be a little smaller.',
          ]
            .filter(Boolean)
            .join(' ')
        }
      />
    </FormDialogContent>
  );
}

// How money an admin records by hand reached Vuka (docs/lending.md, "Recording a payment"): the channel and, for a
// bank transfer or deposit, the reference on the bank statement, so finance can find the payment on the statement
// and a payment recorded twice from one transfer shows up as one reference twice. Payments the product records
// itself (withheld earnings, statement lines, debit orders, settlements) have no channel: their kind says it.
export const MANUAL_PAYMENT_CHANNELS = ['eft', 'cash_deposit', 'card', 'other'] as const;
export type ManualPaymentChannel = (typeof MANUAL_PAYMENT_CHANNELS)[number];

export const PAYMENT_CHANNEL_LABELS: Record<ManualPaymentChannel, string> = {
  eft: 'EFT (bank transfer)',
  cash_deposit: 'Cash deposit at a bank',
  card: 'Card',
  other: 'Other',
};

/** The longest bank reference kept: a South African statement's reference field is far shorter. */
export const BANK_REFERENCE_MAX = 100;

/** "EFT (bank transfer), reference VUKA-12": how a payment recorded by hand came in; null for the others. */
export function receivedByText(payment: {
  channel?: ManualPaymentChannel | null;
  bankReference?: string | null;
}): string | null {
  if (!payment.channel) return null;
  const reference = payment.bankReference ? `, reference ${payment.bankReference}` : '';
  return `${PAYMENT_CHANNEL_LABELS[payment.channel]}${reference}`;
}

// The creator's e-mail about a failed debit order (docs/debit-orders.md, "Telling the creator"): what the bank said,
// what happens next (collected again on a day, or the debit order suspended), what is owed, the reference to pay by.
// No account number beyond its last 4 digits.
import { PRODUCT_NAME } from '../../../shared/constants';
import { formatDateInWords, formatZar } from '../../../shared/format';
import { factsText, layout, type MailMessage, signature } from '../mail/mail.templates';

export function debitOrderUnpaidMail(
  recipient: { to: string; firstName: string },
  d: {
    applicationId: number;
    amount: string;
    collectionDate: string;
    reasonCode: string;
    reasonText: string;
    account: string;
    reference: string;
    next: string;
  },
): MailMessage {
  const intro = [
    `Hi ${recipient.firstName},`,
    `Your bank did not pay the debit order of ${formatZar(d.amount)} on ${formatDateInWords(d.collectionDate)} for your ${PRODUCT_NAME} financing #${d.applicationId}. The bank's reason: ${d.reasonText} (code ${d.reasonCode}).`,
    d.next,
  ];
  const facts = [
    ['Financing', `#${d.applicationId}`],
    ['Debit order', `${formatZar(d.amount)} from ${d.account}`],
    ['Reference', d.reference],
  ] as const;
  const after = [
    `To pay now instead, pay by EFT with the reference ${d.reference}. Sign in to ${PRODUCT_NAME} to see what is due and our bank details.`,
  ];
  return {
    to: recipient.to,
    subject: `Your debit order for ${PRODUCT_NAME} financing #${d.applicationId} was not paid`,
    text: `${[...intro, factsText(facts), ...after].join('\n\n')}${signature()}`,
    html: layout('A debit order was not paid', intro, undefined, { facts, after }),
  };
}

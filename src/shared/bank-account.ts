// A bank account number leaves the server masked, to admins and to its owner alike: the last 4 digits are
// enough to recognise it, and a full number in a response (a shared screen, a proxy's log, a browser cache)
// is one more place it can leak from. The owner re-enters the full number to change it.
export const maskAccountNumber = (n: string | null | undefined): string | null =>
  n ? `${'•'.repeat(Math.max(0, n.length - 4))}${n.slice(-4)}` : null;

/** The last 4 digits of a masked (or full) account number, for "ending in 1234". */
export const accountNumberEnding = (masked: string | null | undefined): string | null =>
  masked ? masked.slice(-4) : null;

/**
 * The account a payout goes to, as people read it: 'Capitec Bank ..4321', 'FNB ..7890' (a bank listed with its short
 * name in brackets goes by it); null without one on file. The same words the server stores on the schedule
 * (`payoutAccount`), so the admin's "To:" and the creator's "awaiting payout to" name the account the payout names.
 */
export function bankAccountText(
  bankName: string | null | undefined,
  accountNumber: string | null | undefined,
): string | null {
  const bank = bankName?.trim();
  const ending = accountNumberEnding(accountNumber?.trim());
  if (!bank || !ending) return null;
  const name = /\(([^)]+)\)\s*$/.exec(bank)?.[1] ?? bank;
  return `${name} ..${ending}`;
}

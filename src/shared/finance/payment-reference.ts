// Every loan's payment reference (docs/lending.md, "How to pay"): VUKA, the loan's number in at
// least six digits and a Luhn check digit, 'VUKA-000123-4'. The creator types it into their bank's reference field;
// the check digit catches a mistyped or swapped digit, so a payment is never matched to someone else's loan by a typo.
// Derived from the loan's number: nothing to store, the same everywhere (plan card, e-mails, statement, bank import).
import { luhnValid } from '../compliance/sa-id';

const PREFIX = 'VUKA';

/** The check digit that makes `digits` + it pass the Luhn check. */
function checkDigitOf(digits: string): string {
  for (let digit = 0; digit <= 9; digit += 1) {
    if (luhnValid(`${digits}${digit}`)) return String(digit);
  }
  /* c8 ignore next: one digit of the ten always completes the sum */
  throw new Error('no check digit');
}

/** 'VUKA-000123-4' for loan 123. */
export function paymentReferenceFor(applicationId: number): string {
  if (!Number.isSafeInteger(applicationId) || applicationId <= 0) {
    throw new RangeError(`A loan number is a positive whole number, got ${applicationId}`);
  }
  const digits = String(applicationId).padStart(6, '0');
  return `${PREFIX}-${digits}-${checkDigitOf(digits)}`;
}

/**
 * The loan a reference names, found in what a bank line says ('Payment VUKA 000123 4 thanks', 'vuka0001234'), or
 * null when none is there or its check digit fails. Spaces and hyphens between the parts are allowed, case ignored.
 */
export function loanOfReference(text: string): number | null {
  const match = /VUKA[\s-]*(\d{6,12})[\s-]*(\d)(?!\d)/i.exec(text);
  if (!match) return null;
  const [, digits, check] = match as unknown as [string, string, string];
  if (!luhnValid(`${digits}${check}`)) return null;
  const id = Number(digits);
  return id > 0 ? id : null;
}

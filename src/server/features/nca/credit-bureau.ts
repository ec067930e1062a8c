// The credit bureau enquiry made for an affordability assessment (National Credit Act s81(2)(a)(ii), regulation
// 23A(4): the consumer's existing financial obligations; docs/compliance.md, "The credit bureau enquiry").
//
// One documented JSON protocol, the adapter every bureau's own API (TransUnion, Experian, XDS, Compuscan) is put
// behind: POST {CREDIT_BUREAU_URL}/enquiries with a bearer key and the subject, answered with the accounts on record
// and their monthly instalments. Tests run it against a local server that speaks it (tests/support/fake-bureau.ts).
import Decimal from 'decimal.js';
import { z } from 'zod';
import { toMoneyString } from '../../../shared/finance/money';
import type { Config } from '../../config';

export interface BureauSubject {
  idNumber: string | null;
  passportNumber: string | null;
  dateOfBirth: string | null;
  registrationNumber: string | null;
  name: string;
}

/** What the assessment keeps of an enquiry (no account numbers: only what the sum needs). */
export interface BureauFinding {
  /** The bureau's reference of the enquiry. */
  reference: string;
  /** The sum of the monthly instalments on the accounts on record, "0.00". */
  monthlyRepayments: string;
  accounts: number;
  enquiredOn: string;
}

const answerSchema = z.object({
  enquiryId: z.string().min(1).max(100),
  accounts: z
    .array(
      z.object({
        subscriber: z.string().max(200).optional(),
        monthlyInstalment: z.string().regex(/^\d{1,10}(\.\d{1,2})?$/),
      }),
    )
    .max(500),
});

export class BureauUnavailable extends Error {}

/** Enquires of the configured bureau; null when none is configured. Throws BureauUnavailable when it does not answer. */
export async function enquireBureau(
  config: Config,
  subject: BureauSubject,
  today: string,
): Promise<BureauFinding | null> {
  const bureau = config.creditBureau;
  if (!bureau) return null;
  let body: unknown;
  try {
    const response = await fetch(`${bureau.url.replace(/\/$/, '')}/enquiries`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(bureau.apiKey ? { authorization: `Bearer ${bureau.apiKey}` } : {}),
      },
      body: JSON.stringify({ enquiryReason: 'affordability_assessment', ...subject }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new BureauUnavailable(`The credit bureau answered ${response.status}.`);
    body = await response.json();
  } catch (error) {
    if (error instanceof BureauUnavailable) throw error;
    throw new BureauUnavailable('The credit bureau did not answer.');
  }
  const parsed = answerSchema.safeParse(body);
  if (!parsed.success) throw new BureauUnavailable('The credit bureau answered something unreadable.');
  const total = parsed.data.accounts.reduce((sum, a) => sum.plus(a.monthlyInstalment), new Decimal(0));
  return {
    reference: parsed.data.enquiryId,
    monthlyRepayments: toMoneyString(total),
    accounts: parsed.data.accounts.length,
    enquiredOn: today,
  };
}

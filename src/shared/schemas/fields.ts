// Field schemas every request contract shares (decision 018): row ids that fit the database's integer, and
// money read one strict way (MONEY_TEXT and hasAtMostCents in the money module).
import { z } from 'zod';
import { isIsoDate } from '../business-date';
import { hasAtMostCents, MONEY_TEXT } from '../finance/money';

/** The largest PostgreSQL `integer` (serial ids and every int column). */
export const INT32_MAX = 2_147_483_647;

/** A row id in a JSON body: a whole number from 1 to INT32_MAX, else 400 with the message. */
export const recordIdSchema = (message = 'Invalid id') =>
  z.number({ error: message }).int(message).min(1, message).max(INT32_MAX, message);

type MoneyFieldOptions = {
  /** 'positive': more than 0 (a payment); 'nonNegative': 0 allowed (a revenue). */
  sign: 'positive' | 'nonNegative';
  max: number;
  messages: {
    required: string;
    /** Not a number, or text that is not a plain decimal ('0x10', '1e3', ' 12', '12.'). */
    invalid: string;
    sign: string;
    cents: string;
    max: string;
  };
};

function moneyNumber({ sign, max, messages }: MoneyFieldOptions) {
  const number = z.number({
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? messages.required
        : messages.invalid,
  });
  return (sign === 'positive' ? number.positive(messages.sign) : number.min(0, messages.sign))
    .max(max, messages.max)
    .refine(hasAtMostCents, messages.cents);
}

/** A money amount a form holds as a number: a JSON number with at most two decimals. */
export const moneyNumberSchema = (options: MoneyFieldOptions) => moneyNumber(options);

/**
 * A money amount sent as a JSON number or as text ('1250.50'): text must be a plain decimal (MONEY_TEXT), and
 * either way it is read as a number with at most two decimals.
 */
export const moneyAmountSchema = (options: MoneyFieldOptions) =>
  z.preprocess((v) => (typeof v === 'string' && MONEY_TEXT.test(v) ? Number(v) : v), moneyNumber(options));

/** Plain digits with an optional minus: the only text a path or query integer may be. */
const INT_TEXT = /^-?\d{1,20}$/;

/**
 * A whole number from a path or query string (they arrive as text). Only plain digits are read as a number:
 * '0x10', '1e3', ' 12' and '1.0' stay text and fail `schema` (z.coerce would read them as 16, 1000, 12 and 1).
 */
export const intFromText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && INT_TEXT.test(v) ? Number(v) : v), schema);

/**
 * A South African calendar day as 'YYYY-MM-DD' that exists: '2024-02-30' and '2024-01-01junk' are refused,
 * not rolled over or cut short. Whether it is in the future or before the loan is the service's rule.
 */
export const calendarDateSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .refine(isIsoDate, `${label} must be a real calendar date written YYYY-MM-DD`);

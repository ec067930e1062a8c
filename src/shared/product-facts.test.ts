import { describe, expect, it } from 'vitest';
import { AMOUNT_RANGE_TEXT, DECISION_TIME_TEXT, PERIOD_RANGE_TEXT } from './product-facts';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('the product facts as a person reads them', () => {
  it('says the amounts, the periods and the decision time by the one money rule', () => {
    expect(plain(AMOUNT_RANGE_TEXT)).toBe('R 2 000 to R 50 000');
    expect(PERIOD_RANGE_TEXT).toBe('1 to 36 months');
    expect(DECISION_TIME_TEXT).toBe('48 hours');
  });
});

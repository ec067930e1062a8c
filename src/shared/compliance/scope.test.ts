import { describe, expect, it } from 'vitest';
import { isConsumerCredit, ncaScope } from './scope';

describe('ncaScope (s4(1))', () => {
  it('applies to every natural person', () => {
    expect(ncaScope({ applicationType: 'personal', principal: 50_000 })).toMatchObject({ applies: true });
  });

  it('applies to a business below R1 million of turnover and of assets', () => {
    expect(
      ncaScope({
        applicationType: 'business',
        annualTurnover: '999999.99',
        assetValue: 500_000,
        principal: 20_000,
      }),
    ).toMatchObject({ applies: true, reason: expect.stringContaining('below R1 million') });
  });

  it('does not apply to a business at R1 million of turnover or of assets', () => {
    expect(
      ncaScope({ applicationType: 'business', annualTurnover: 1_000_000, assetValue: 0, principal: 20_000 }),
    ).toMatchObject({ applies: false, reason: expect.stringContaining('s4(1)(a)(i)') });
    expect(
      ncaScope({ applicationType: 'business', annualTurnover: 0, assetValue: 1_000_000, principal: 20_000 })
        .applies,
    ).toBe(false);
  });

  it('does not apply to a large agreement with a small business', () => {
    expect(
      ncaScope({ applicationType: 'business', annualTurnover: 10, assetValue: 10, principal: 250_000 }),
    ).toMatchObject({ applies: false, reason: expect.stringContaining('s4(1)(b)') });
  });
});

describe('isConsumerCredit', () => {
  it('is living expenses, with any other use', () => {
    expect(isConsumerCredit(['equipment_purchase', 'living_expenses'])).toBe(true);
    expect(isConsumerCredit(['equipment_purchase'])).toBe(false);
  });
});

// GET /api/compliance/ceilings (docs/compliance.md): the National Credit Act's charge ceilings for
// an amount, term and class, open to anyone, on the repo rate of the configuration (NCA_REPO_RATE). And who lends
//: GET /api/compliance/provider, and the provider's name, NCR number and address on every e-mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo, registration } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    NCA_REPO_RATE: '7.00',
    NCA_REPO_RATE_EFFECTIVE: '2025-07-31',
    NCR_REGISTRATION_NUMBER: 'NCRCP18765',
    PROVIDER_ADDRESS: '12 Juta Street, Braamfontein, Johannesburg, 2001',
  });
});
afterAll(() => t.close());

const ceilings = (query: string) => t.app.inject({ method: 'GET', url: `/api/compliance/ceilings?${query}` });

describe('GET /api/compliance/ceilings', () => {
  it('R2 000 repaid in one month, a first short-term loan: 5% a month, R265 initiation, R60 service', async () => {
    const res = await ceilings('amount=2000&months=1&class=short_term&loanInYear=1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      class: 'short_term',
      repoRate: 7,
      repoRateEffective: '2025-07-31',
      maxAnnualInterestRate: 60,
      maxMonthlyInterestRate: 5,
      maxInitiationFee: '265.00',
      maxMonthlyServiceFee: '60.00',
      maxCostOfCredit: '425.00',
    });
  });

  it('a later short-term loan in the calendar year: 3% a month', async () => {
    const res = await ceilings('amount=2000&months=1&class=short_term&loanInYear=2');
    expect(res.json()).toMatchObject({ maxMonthlyInterestRate: 3, maxCostOfCredit: '385.00' });
  });

  it('unsecured credit follows the configured repo rate plus 21% a year', async () => {
    const res = await ceilings('amount=10500&months=12&class=unsecured');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      class: 'unsecured',
      repoRate: 7,
      maxAnnualInterestRate: 28,
      maxMonthlyInterestRate: 2.3333,
      maxInitiationFee: '1050.00',
      maxMonthlyServiceFee: '60.00',
    });
  });

  it('decides the class when none is given: short-term up to R8 000 within 6 months', async () => {
    expect((await ceilings('amount=8000&months=6')).json().class).toBe('short_term');
    expect((await ceilings('amount=8000.01&months=6')).json().class).toBe('unsecured');
    expect((await ceilings('amount=2000&months=7')).json().class).toBe('unsecured');
  });

  it.each([
    ['', 'amount is required'],
    ['amount=abc&months=6', 'amount must be an amount in rand'],
    ['amount=0&months=6', 'amount must be more than 0'],
    ['amount=2000&months=0', 'months must be a whole number from 1 to 36'],
    ['amount=2000&months=1.5', 'months must be a whole number from 1 to 36'],
    ['amount=2000&months=6&class=mortgage', 'class is short_term or unsecured'],
    ['amount=9000&months=6&class=short_term', 'A short-term credit transaction is at most R8 000'],
    ['amount=2000&months=6&loanInYear=0', 'loanInYear is a whole number from 1'],
    ['amount=2000&months=6&extra=1', ''],
  ])('answers 400 with a clear message for %j', async (query, message) => {
    const res = await ceilings(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});

describe('who lends', () => {
  it('GET /api/compliance/provider names the provider, its NCR registration number and address', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/compliance/provider' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      legalName: 'Vuka Capital (Pty) Ltd',
      ncrRegistrationNumber: 'NCRCP18765',
      address: '12 Juta Street, Braamfontein, Johannesburg, 2001',
    });
  });

  it('every e-mail carries the registration number and address, in text and HTML', async () => {
    const email = 'provider-line@example.com';
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: registration(email) });
    expect(res.statusCode).toBe(201);
    const mail = await latestMailTo(t.database.db, email);
    const line =
      'Vuka Capital (Pty) Ltd, a registered credit provider, NCR registration number NCRCP18765. 12 Juta Street, Braamfontein, Johannesburg, 2001.';
    expect(mail?.textBody).toContain(line);
    expect(mail?.htmlBody).toContain('NCR registration number NCRCP18765');
  });
});

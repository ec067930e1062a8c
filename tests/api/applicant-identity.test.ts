// Who applies, for the National Credit Act (docs/compliance.md, "Who may apply", "Scope"): an SA ID
// number checked against today (18 or older) or a passport with a date of birth; a business's registration number,
// turnover and assets; the Act's scope decided and stored; living expenses mark consumer credit. The full identity
// number is never answered, and an erasure removes it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financingApplications } from '../../src/server/db/schema';
import { withSaIdCheckDigit } from '../../src/shared/compliance/sa-id';
import { applicationBody, PASSWORD, TEST_ID_NUMBER } from '../support/accounts';
import { quickUser, travelTo } from '../support/servicing';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  travelTo(t, '2026-11-23');
});
afterAll(() => t.close());

const creator = () => quickUser(t, `identity-${++counter}@example.com`);

async function storedApplications(userId: number) {
  return t.database.db.select().from(financingApplications).where(eq(financingApplications.userId, userId));
}

describe('who applies', () => {
  it('refuses an SA ID number of someone under 18 with the reason, and stores nothing', async () => {
    const minor = await creator();
    // Born 24 November 2008: 17 on 23 November 2026, 18 the next day.
    const id = withSaIdCheckDigit('081124500908');
    const res = await minor.post('/api/applications', applicationBody({ idNumber: id }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'You must be 18 or older to apply: this ID number gives a date of birth of 24 November 2008.',
      fieldErrors: {
        idNumber: [
          'You must be 18 or older to apply: this ID number gives a date of birth of 24 November 2008.',
        ],
      },
    });
    expect(await storedApplications(minor.userId)).toEqual([]);
    // The next day they are 18.
    travelTo(t, '2026-11-24');
    try {
      expect((await minor.post('/api/applications', applicationBody({ idNumber: id }))).statusCode).toBe(201);
    } finally {
      travelTo(t, '2026-11-23');
    }
  });

  it('refuses an ID number that fails its check digit', async () => {
    const res = await (await creator()).post(
      '/api/applications',
      applicationBody({ idNumber: '9001155009087' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.idNumber).toEqual([
      'This is not a valid SA ID number: its check digit does not match. Check for a typo.',
    ]);
  });

  it('takes a passport with a date of birth for a resident without an SA ID, 18 or older', async () => {
    const young = await creator();
    const refused = await young.post(
      '/api/applications',
      applicationBody({
        identityType: 'passport',
        idNumber: undefined,
        passportNumber: 'ZW1234567',
        dateOfBirth: '2010-05-01',
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.dateOfBirth).toEqual(['You must be 18 or older to apply.']);

    const adult = await creator();
    const res = await adult.post(
      '/api/applications',
      applicationBody({
        identityType: 'passport',
        idNumber: undefined,
        passportNumber: 'zw1234567',
        dateOfBirth: '1992-04-30',
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().application.applicant).toEqual({
      identityType: 'passport',
      identityNumberMasked: '******567',
      dateOfBirth: '1992-04-30',
      registrationNumber: null,
      annualTurnover: null,
      assetValue: null,
      ncaApplies: true,
      ncaScope: 'A natural person: the National Credit Act applies (s4(1)).',
      consumerCredit: false,
      affordability: expect.objectContaining({ incomeSource: 'declared' }),
    });
    const [stored] = await storedApplications(adult.userId);
    expect(stored).toMatchObject({ passportNumber: 'ZW1234567', identityType: 'passport', ncaApplies: true });
  });

  it('stores an SA ID number in full, answers it masked, and reads the date of birth from it', async () => {
    const person = await creator();
    const res = await person.post('/api/applications', applicationBody({ idNumber: '900115 5009 086' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().application.applicant).toMatchObject({
      identityType: 'sa_id',
      identityNumberMasked: '900115*****86',
      dateOfBirth: '1990-01-15',
    });
    expect(res.body).not.toContain(TEST_ID_NUMBER);
    const [stored] = await storedApplications(person.userId);
    expect(stored!.idNumber).toBe(TEST_ID_NUMBER);
  });

  it('decides the scope of a business application from its turnover and assets', async () => {
    const business = (figures: Record<string, unknown>) =>
      applicationBody({
        applicationType: 'business',
        businessName: 'Studio Zola (Pty) Ltd',
        registrationNumber: '2019/123456/07',
        ...figures,
      });
    const small = await (await creator()).post(
      '/api/applications',
      business({ annualTurnover: 600_000, assetValue: 90_000 }),
    );
    expect(small.statusCode).toBe(201);
    expect(small.json().application.applicant).toMatchObject({
      identityType: null,
      registrationNumber: '2019/123456/07',
      annualTurnover: '600000.00',
      assetValue: '90000.00',
      ncaApplies: true,
    });
    const large = await (await creator()).post(
      '/api/applications',
      business({ annualTurnover: 1_000_000, assetValue: 90_000 }),
    );
    expect(large.statusCode).toBe(201);
    expect(large.json().application.applicant).toMatchObject({
      ncaApplies: false,
      ncaScope: expect.stringContaining('outside the National Credit Act (s4(1)(a)(i))'),
    });
  });

  it('marks an application for living expenses as consumer credit', async () => {
    const res = await (await creator()).post(
      '/api/applications',
      applicationBody({ useOfFunds: ['living_expenses', 'equipment_purchase'] }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().application.applicant.consumerCredit).toBe(true);
  });

  it('an erasure removes the identity number and date of birth, and keeps why the Act applied', async () => {
    const person = await creator();
    expect((await person.post('/api/applications', applicationBody())).statusCode).toBe(201);
    const [before] = await storedApplications(person.userId);
    await person.post(`/api/applications/${before!.id}/cancel`, { reason: 'Changed my mind' });
    const del = await person.post('/api/privacy/delete-account', {
      password: PASSWORD,
      confirmation: 'DELETE',
    });
    expect(del.statusCode).toBe(200);
    const [after] = await storedApplications(person.userId);
    expect(after).toMatchObject({
      idNumber: null,
      passportNumber: null,
      dateOfBirth: null,
      ncaApplies: true,
    });
  });
});

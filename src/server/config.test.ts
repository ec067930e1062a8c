import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const base = () => ({
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/vuka',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vuka-config-')),
  SESSION_SECRET: 'x'.repeat(40),
});

describe('the PostgreSQL planner settings (decision 016)', () => {
  it('default to no parallel workers and SSD page costs, and take other values', () => {
    const defaults = loadConfig(base()).database;
    expect(defaults).toMatchObject({ driver: 'pg', parallelWorkers: 0, randomPageCost: 1.1 });
    const set = loadConfig({ ...base(), DATABASE_PARALLEL_WORKERS: '2', DATABASE_RANDOM_PAGE_COST: '4' });
    expect(set.database).toMatchObject({ parallelWorkers: 2, randomPageCost: 4 });
  });

  it.each(['abc', '0.5', '11', ''])('refuse DATABASE_RANDOM_PAGE_COST=%j, naming it', (value) => {
    const load = () => loadConfig({ ...base(), DATABASE_RANDOM_PAGE_COST: value });
    if (value === '') {
      // An empty variable is unset: the default applies.
      expect(load().database).toMatchObject({ randomPageCost: 1.1 });
      return;
    }
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/DATABASE_RANDOM_PAGE_COST/);
  });
});

describe('the National Credit Act settings (docs/compliance.md)', () => {
  const production = () => ({ ...base(), NODE_ENV: 'production', SETTLEMENT_ACCOUNT_NUMBER: '62012345678' });
  const legal = {
    NCA_REPO_RATE: '7.25',
    NCA_REPO_RATE_EFFECTIVE: '2026-09-19',
    NCR_REGISTRATION_NUMBER: 'NCRCP18765',
    PROVIDER_LEGAL_NAME: 'Vuka Capital (Pty) Ltd',
    PROVIDER_ADDRESS: '12 Juta Street, Braamfontein, Johannesburg, 2001',
  };

  it('production refuses to start without the repo rate, its date, the registration number and the address', () => {
    expect(() => loadConfig(production())).toThrow(
      'NCA_REPO_RATE, NCA_REPO_RATE_EFFECTIVE, NCR_REGISTRATION_NUMBER, PROVIDER_ADDRESS are required in production',
    );
    const { NCR_REGISTRATION_NUMBER: _, ...withoutNumber } = legal;
    expect(() => loadConfig({ ...production(), ...withoutNumber })).toThrow(
      'NCR_REGISTRATION_NUMBER is required in production',
    );
    expect(loadConfig({ ...production(), ...legal }).legal).toEqual({
      repoRate: '7.25',
      repoRateEffective: '2026-09-19',
      ncrRegistrationNumber: 'NCRCP18765',
      providerLegalName: 'Vuka Capital (Pty) Ltd',
      providerAddress: '12 Juta Street, Braamfontein, Johannesburg, 2001',
      recourse: {
        debtCounsellor: expect.stringContaining('www.ncr.org.za'),
        adrAgent: expect.stringContaining('Credit Ombud'),
        consumerCourt: expect.stringContaining('consumer court'),
        ombud: expect.stringContaining('www.creditombud.org.za'),
      },
    });
    // The contacts a section 129 notice names are settings too.
    expect(
      loadConfig({ ...production(), ...legal, NCA_OMBUD_CONTACT: 'the Credit Ombud, 0861 662 837' }).legal
        .recourse.ombud,
    ).toBe('the Credit Ombud, 0861 662 837');
  });

  it.each([
    ['NCA_REPO_RATE', '6,75'],
    ['NCA_REPO_RATE', '-1'],
    ['NCA_REPO_RATE_EFFECTIVE', '21/11/2025'],
    ['NCR_REGISTRATION_NUMBER', '12345'],
  ])('refuses %s=%j, naming it', (name, value) => {
    const load = () => loadConfig({ ...production(), ...legal, [name]: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(new RegExp(name));
  });

  it('stands in development values outside production', () => {
    expect(loadConfig(base()).legal).toMatchObject({ repoRate: '6.75', ncrRegistrationNumber: 'NCRCP00000' });
  });
});

describe('earnings from the platforms (docs/platform-earnings.md)', () => {
  it("default to Google's and Patreon's APIs, no exchange-rate service and no automatic approval", () => {
    const config = loadConfig(base());
    expect(config.youtube).toMatchObject({
      analyticsUrl: 'https://youtubeanalytics.googleapis.com/v2',
      adsenseUrl: 'https://adsense.googleapis.com/v2',
    });
    expect(config.patreon).toMatchObject({
      apiUrl: 'https://www.patreon.com/api/oauth2/v2',
      clientId: undefined,
    });
    expect(config.fx).toBeNull();
    expect(config.earningsAutoApproveVerified).toBe(false);
  });

  it('take a rates service and the automatic approval, and refuse a setting that is neither true nor false', () => {
    const config = loadConfig({
      ...base(),
      FX_API_URL: 'https://openexchangerates.org/api/',
      FX_API_KEY: 'key',
      EARNINGS_AUTO_APPROVE_VERIFIED: 'true',
    });
    expect(config.fx).toEqual({ url: 'https://openexchangerates.org/api', apiKey: 'key' });
    expect(config.earningsAutoApproveVerified).toBe(true);
    expect(() => loadConfig({ ...base(), EARNINGS_AUTO_APPROVE_VERIFIED: 'yes' })).toThrow(
      /EARNINGS_AUTO_APPROVE_VERIFIED/,
    );
    expect(() => loadConfig({ ...base(), FX_API_URL: 'not a url' })).toThrow(/FX_API_URL/);
  });
});

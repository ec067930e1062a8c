import { describe, expect, it } from 'vitest';
import { jsonRow } from './prepared';
import { repaymentInstalments, sessions } from './schema';

describe('jsonRow', () => {
  it('reads a whole row (row_to_json) by column name into the schema keys, instants as Dates', () => {
    const row = jsonRow(sessions, 's');
    expect(row.sql).toBe('row_to_json(s)');
    const read = row.read({
      id: 7,
      token_hash: 'h',
      user_id: 3,
      impersonated_user_id: null,
      persistent: true,
      created_at: '2026-11-26T04:31:34.123456+00:00',
      last_seen_at: '2026-11-26T06:31:34+02:00',
      expires_at: '2026-12-26T04:31:34.5+00:00',
      ip: '127.0.0.1',
      user_agent: null,
      mfa_passed_at: null,
    });
    expect(read).toEqual({
      id: 7,
      tokenHash: 'h',
      userId: 3,
      impersonatedUserId: null,
      persistent: true,
      createdAt: new Date('2026-11-26T04:31:34.123Z'),
      lastSeenAt: new Date('2026-11-26T04:31:34.000Z'),
      expiresAt: new Date('2026-12-26T04:31:34.500Z'),
      ip: '127.0.0.1',
      userAgent: null,
      mfaPassedAt: null,
    });
    expect(row.read(null)).toBeNull();
  });

  it('reads a json_build_array by position, numerics and dates as text, without the omitted columns', () => {
    const row = jsonRow(repaymentInstalments, 'i', ['createdAt']);
    expect(row.sql).toBe(
      'json_build_array(i."id", i."schedule_id", i."number", i."due_date"::text, i."amount_due"::text, ' +
        'i."amount_paid"::text, i."amount_rebated"::text, i."amount_forgiven"::text, i."amount_deferred"::text, ' +
        'i."deferred_from", ' +
        'i."deferred_by_payment_id", i."voided_on"::text, i."updated_at")',
    );
    const read = row.read([
      1,
      2,
      3,
      '2026-12-01',
      '1200.00',
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      null,
      null,
      null,
      '2026-11-26T10:00:00+02:00',
    ]);
    expect(read).toEqual({
      id: 1,
      scheduleId: 2,
      number: 3,
      dueDate: '2026-12-01',
      amountDue: '1200.00',
      amountPaid: '0.00',
      amountRebated: '0.00',
      amountForgiven: '0.00',
      amountDeferred: '0.00',
      deferredFrom: null,
      deferredByPaymentId: null,
      voidedOn: null,
      updatedAt: new Date('2026-11-26T08:00:00Z'),
    });
    expect(Object.keys(read!)).not.toContain('createdAt');
  });
});

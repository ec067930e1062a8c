import { describe, expect, it } from 'vitest';
import { auditApiQuery, auditCsv, auditStateFromParams, auditStateToParams } from './audit-selectors';

describe('the audit trail in the address', () => {
  it('keeps the filters and drops what is not a day or an action', () => {
    const state = auditStateFromParams(
      new URLSearchParams('actor=ada&subject=%2312&action=MFA&from=2026-11-01&to=2026-02-30&page=2'),
    );
    expect(state).toMatchObject({
      actor: 'ada',
      subject: '#12',
      action: 'mfa',
      from: '2026-11-01',
      to: '',
      page: 2,
    });
    expect(auditStateToParams(state, new URLSearchParams('tab=x')).toString()).toBe(
      'tab=x&actor=ada&subject=%2312&action=mfa&from=2026-11-01&page=2',
    );
    expect(auditApiQuery(state, 1, 200)).toBe(
      'page=1&pageSize=200&actor=ada&subject=%2312&action=mfa&from=2026-11-01',
    );
  });

  it('exports times on the Johannesburg clock, the action in words, and escapes what a spreadsheet would run', () => {
    const csv = auditCsv([
      {
        id: 7,
        at: '2026-11-22T23:30:00.000Z',
        action: 'sign_in_refused',
        notes: '=HYPERLINK("x")',
        actor: null,
        subject: { id: 3, name: 'Zola Test', username: 'zola@example.com' },
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'When (SAST),Action,Actor,Concerning,Notes,Entry',
      `"23 Nov 2026, 01:30",Sign-in refused,The person themselves or the system,Zola Test <zola@example.com>,"'=HYPERLINK(""x"")",7`,
    ]);
  });
});

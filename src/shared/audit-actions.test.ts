import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, auditActionLabel } from './audit-actions';
import { NCA_EVENT_KINDS } from './compliance/nca-events';

const CODES = Object.keys(AUDIT_ACTION_LABELS);

describe('the audit actions in words', () => {
  it('words every known action: capitalised, no underscore, the short forms in capitals', () => {
    expect(CODES.length).toBeGreaterThan(80);
    for (const code of CODES) {
      const label = auditActionLabel(code);
      expect(label, code).toBe(AUDIT_ACTION_LABELS[code]);
      expect(label, code).not.toMatch(/_/);
      expect(label, code).toMatch(/^[A-Z]/);
      expect(label, code).not.toMatch(/\b(Ai|ai|Mfa|mfa|Nca|nca|Csv|csv)\b/);
    }
  });

  it('words the actions written from a kind or a decision too', () => {
    for (const kind of NCA_EVENT_KINDS) expect(CODES, kind).toContain(`nca_${kind}`);
    for (const decision of ['approved', 'rejected', 'withdrawn'])
      expect(CODES, decision).toContain(`approval_${decision}`);
  });

  it('reads the actions people meet most as they are said', () => {
    expect(auditActionLabel('ai_analysis')).toBe('AI analysis');
    expect(auditActionLabel('mfa_enrolled')).toBe('MFA enrolled');
    expect(auditActionLabel('payment_added')).toBe('Payment recorded');
    expect(auditActionLabel('sign_in_refused')).toBe('Sign-in refused');
    expect(auditActionLabel('user_status_changed')).toBe('User status changed');
    expect(auditActionLabel('nca_s129_notice')).toBe('NCA section 129 notice sent');
  });

  it('reads an action it does not know as words, and nothing as a dash', () => {
    expect(auditActionLabel('mfa_device_added')).toBe('MFA device added');
    expect(auditActionLabel('ai-review_done')).toBe('AI review done');
    expect(auditActionLabel('toString')).toBe('Tostring');
    expect(auditActionLabel('')).toBe('-');
    expect(auditActionLabel(null)).toBe('-');
  });
});

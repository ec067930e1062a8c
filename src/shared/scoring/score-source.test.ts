import { describe, expect, it } from 'vitest';
import { scoreSetByAdmin } from './score-source';

describe('scoreSetByAdmin', () => {
  it('is true only when the score differs from the automatic total stored with it', () => {
    expect(scoreSetByAdmin(90, { total: 62 })).toBe(true);
    expect(scoreSetByAdmin(62, { total: 62 })).toBe(false);
  });

  it('is false without a score or a breakdown', () => {
    expect(scoreSetByAdmin(null, { total: 62 })).toBe(false);
    expect(scoreSetByAdmin(undefined, { total: 62 })).toBe(false);
    expect(scoreSetByAdmin(62, null)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { combineMonthlyEarnings } from './monthly-earnings';

describe('combineMonthlyEarnings', () => {
  it('counts a creator whose only platform is a self-declared manual entry', () => {
    const summary = combineMonthlyEarnings({
      socialMediaData: {},
      applicationsNewestFirst: [
        { manualPlatforms: [{ platform: 'TikTok', estimatedRevenue: 2500, proofStatus: 'pending' }] },
      ],
    });
    expect(summary).toEqual({
      total: '2500.00',
      verifiedTotal: '0.00',
      selfDeclaredTotal: '2500.00',
      platforms: [
        { name: 'TikTok', source: 'self_declared', from: 'application', monthlyEarnings: '2500.00' },
      ],
    });
  });

  it('adds verified connections and self-declared platforms without float error, verified first', () => {
    const summary = combineMonthlyEarnings({
      socialMediaData: {
        youtube: { platform: 'youtube', verified: true, monthlyEarnings: 0.1 },
        patreon: { platform: 'Patreon', verified: false, monthlyEarnings: 0.2 },
      },
      applicationsNewestFirst: [
        { manualPlatforms: [{ platform: 'Instagram', estimatedRevenue: '1000.05' }] },
      ],
    });
    expect(summary.total).toBe('1000.35');
    expect(summary.verifiedTotal).toBe('0.10');
    expect(summary.selfDeclaredTotal).toBe('1000.25');
    expect(summary.platforms.map((p) => [p.name, p.source, p.from])).toEqual([
      ['YouTube', 'verified', 'connection'],
      ['Instagram', 'self_declared', 'application'],
      ['Patreon', 'self_declared', 'profile'],
    ]);
  });

  it('counts a platform once: connection over profile over the newest application', () => {
    const summary = combineMonthlyEarnings({
      socialMediaData: {
        tiktok: { platform: 'TikTok', verified: false, monthlyEarnings: 700 },
        visionary: { platform: 'visionary', verified: true, monthlyEarnings: 300 },
      },
      applicationsNewestFirst: [
        {
          manualPlatforms: [
            { platform: ' tiktok ', estimatedRevenue: 9000 },
            { platform: 'VISIONARY', estimatedRevenue: 9000 },
            { platform: 'Patreon', estimatedRevenue: 400 },
          ],
        },
        { manualPlatforms: [{ platform: 'patreon', estimatedRevenue: 100 }] },
      ],
    });
    expect(summary.platforms).toEqual([
      { name: 'Visionary', source: 'verified', from: 'connection', monthlyEarnings: '300.00' },
      { name: 'Patreon', source: 'self_declared', from: 'application', monthlyEarnings: '400.00' },
      { name: 'TikTok', source: 'self_declared', from: 'profile', monthlyEarnings: '700.00' },
    ]);
    expect(summary.total).toBe('1400.00');
  });

  it('leaves out rejected proofs, and counts missing or negative figures as nothing', () => {
    const summary = combineMonthlyEarnings({
      socialMediaData: { odd: 'not an object', x: { platform: 'X', verified: false, monthlyEarnings: -5 } },
      applicationsNewestFirst: [
        {
          manualPlatforms: [
            { platform: 'OnlyRejected', estimatedRevenue: 5000, proofStatus: 'rejected' },
            { platform: '', estimatedRevenue: 10 },
            { platform: 'Blog', estimatedRevenue: 'abc' },
          ],
        },
      ],
    });
    expect(summary.platforms).toEqual([
      { name: 'Blog', source: 'self_declared', from: 'application', monthlyEarnings: null },
      { name: 'X', source: 'self_declared', from: 'profile', monthlyEarnings: null },
    ]);
    expect(summary.total).toBe('0.00');
  });

  it('answers zero with no platforms at all', () => {
    expect(combineMonthlyEarnings({ socialMediaData: null, applicationsNewestFirst: [] })).toEqual({
      total: '0.00',
      verifiedTotal: '0.00',
      selfDeclaredTotal: '0.00',
      platforms: [],
    });
  });
});

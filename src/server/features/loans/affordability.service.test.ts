import { describe, expect, it } from 'vitest';
import { verifiedIncomeOf } from './affordability.service';

describe('verifiedIncomeOf: the income the product itself can see', () => {
  it('counts connected platforms and proof an admin verified, and nothing typed in or awaiting review', () => {
    expect(
      verifiedIncomeOf({
        socialMediaData: {
          youtube: { platform: 'youtube', status: 'connected', verified: true, monthlyEarnings: 4200.5 },
          tiktok: { platform: 'tiktok', status: 'connected', verified: false, monthlyEarnings: 9000 },
        },
        manualPlatforms: [
          {
            platform: 'Patreon',
            username: 'p',
            estimatedFollowers: 1,
            estimatedRevenue: 1800,
            proofFile: 'a.pdf',
            proofStatus: 'verified',
          },
          {
            platform: 'Twitch',
            username: 't',
            estimatedFollowers: 1,
            estimatedRevenue: 5000,
            proofFile: 'b.pdf',
            proofStatus: 'pending',
          },
          {
            platform: 'Kick',
            username: 'k',
            estimatedFollowers: 1,
            estimatedRevenue: 700,
            proofFile: 'c.pdf',
            proofStatus: 'rejected',
          },
        ],
      }),
    ).toBe('6000.50');
  });

  it('is null when nothing is verified', () => {
    expect(verifiedIncomeOf({ socialMediaData: {}, manualPlatforms: [] })).toBeNull();
  });
});

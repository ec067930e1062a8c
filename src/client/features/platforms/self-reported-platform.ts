// One platform the creator reports themselves, as its editor (SelfReportedPlatformFields) holds it in both places:
// the application's manual entry (POST /api/applications, manualPlatforms: estimatedFollowers, estimatedRevenue and
// a proof) and the Settings rows (PATCH /api/users/{id}, socialMediaData: followers, monthlyEarnings). Each place
// maps these values to its own request. The rules and messages are the shared contracts' own.
import { z } from 'zod';
import { manualPlatformInputSchema } from '../../../shared/schemas/applications';
import { selfReportedPlatformSchema } from '../../../shared/schemas/users';

/** What the editor holds: the typed text, and the figures as numbers (undefined while empty, NaN for no number). */
export interface SelfReportedPlatformValues {
  platform: string;
  username: string;
  followers: number | undefined;
  monthlyEarnings: number | undefined;
}

export const EMPTY_SELF_REPORTED_PLATFORM: SelfReportedPlatformValues = {
  platform: '',
  username: '',
  followers: undefined,
  monthlyEarnings: undefined,
};

const manual = manualPlatformInputSchema.shape;
const everyField = z.object({
  platform: manual.platform,
  username: manual.username,
  followers: manual.estimatedFollowers,
  monthlyEarnings: manual.estimatedRevenue,
});

/**
 * The editor's schema, under its own names. `application`: every field is needed (a manual platform on the
 * application). `settings`: the same rules, but a platform may be listed by its name alone, the handle empty and the
 * figures left out, as PATCH /api/users/{id} takes it.
 */
export const selfReportedPlatformFormSchema = {
  application: everyField,
  settings: everyField
    .partial({ followers: true, monthlyEarnings: true })
    .extend({ username: selfReportedPlatformSchema.shape.username.unwrap() }),
};

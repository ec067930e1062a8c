// The fields of a platform the creator reports themselves (not connected, so not verified): its name, the handle,
// the followers and the monthly earnings. The one editor for both places a creator types them: the application's
// manual entry (which adds a proof of earnings) and the Settings rows. Both hold the same values
// (SelfReportedPlatformValues, checked by selfReportedPlatformFormSchema) and map them to their own request.
import type { Control, FieldPath, FieldPathByValue, FieldValues } from 'react-hook-form';
import { CountField, MoneyField, TextField } from '../../components/form-fields';
import type { SelfReportedPlatformValues } from './self-reported-platform';

export function SelfReportedPlatformFields<T extends FieldValues, C, O>({
  control,
  name,
}: {
  control: Control<T, C, O>;
  /**
   * Where the platform's values live in the form (`rows.2` in Settings); left out when the form's values are the
   * platform itself (the manual entry).
   */
  name?: FieldPathByValue<T, SelfReportedPlatformValues>;
}) {
  const at = (field: keyof SelfReportedPlatformValues) => (name ? `${name}.${field}` : field) as FieldPath<T>;
  const names = {
    platform: at('platform'),
    username: at('username'),
    followers: at('followers'),
    earnings: at('monthlyEarnings'),
  };
  return (
    <>
      <TextField
        control={control}
        name={names.platform}
        label="Platform name"
        placeholder="e.g. TikTok, Patreon"
        className="content-start"
      />
      <TextField
        control={control}
        name={names.username}
        label="Username"
        placeholder="@yourhandle"
        className="content-start"
      />
      <CountField
        control={control}
        name={names.followers}
        label="Number of followers"
        className="content-start"
        placeholder="e.g. 12 000"
      />
      <MoneyField
        control={control}
        name={names.earnings}
        label="Monthly earnings (R)"
        className="content-start"
        placeholder="e.g. 2 500"
      />
    </>
  );
}

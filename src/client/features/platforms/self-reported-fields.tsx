// The fields of a platform the creator reports themselves (not connected, so not verified): its name, the handle,
// the followers and the monthly earnings. One editor for both places a creator types them: the application's manual
// entry (which adds a proof of earnings) and the Settings rows.
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { CountField, MoneyField, TextField } from '../../components/form-fields';

export function SelfReportedPlatformFields<T extends FieldValues, C, O>({
  control,
  names,
}: {
  control: Control<T, C, O>;
  /** Where each field lives in the form (`rows.2.platform` in Settings). */
  names: { platform: FieldPath<T>; username: FieldPath<T>; followers: FieldPath<T>; earnings: FieldPath<T> };
}) {
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

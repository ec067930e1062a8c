// The one Creator Type select, as registration and the settings profile ask for it.
import type { Control, FieldValues, Path } from 'react-hook-form';
import { CREATOR_TYPE_LABELS, CREATOR_TYPES } from '../../shared/constants';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from './ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './ui/select';

/** For any form with a `creatorType` field holding one of CREATOR_TYPES. */
export function CreatorTypeField<T extends FieldValues>({ control }: { control: Control<T> }) {
  return (
    <FormField
      control={control}
      name={'creatorType' as Path<T>}
      render={({ field }) => (
        <FormItem>
          <FormLabel>Creator Type</FormLabel>
          <Select value={field.value ?? ''} onValueChange={field.onChange} name={field.name}>
            <FormControl>
              <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                <SelectValue placeholder="Select creator type" />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {CREATOR_TYPES.map((type) => (
                <SelectItem key={type} value={type}>
                  {CREATOR_TYPE_LABELS[type]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

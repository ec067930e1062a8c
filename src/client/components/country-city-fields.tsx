// Country (searchable, sorted by name) and city, as registration and settings both ask for them.
import type { Control, FieldValues, Path } from 'react-hook-form';
import { COUNTRIES } from '../../shared/constants';
import { Combobox, type ComboboxOption } from './ui/combobox';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from './ui/form';
import { Input } from './ui/input';

// The server stores the country's name, so the option value is the name too.
const COUNTRY_OPTIONS: ComboboxOption[] = [...COUNTRIES]
  .sort((a, b) => a.name.localeCompare(b.name, 'en'))
  .map((c) => ({ value: c.name, label: c.name }));

/** For any form with optional `country` and `city` text fields. */
export function CountryCityFields<T extends FieldValues>({ control }: { control: Control<T> }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField
        control={control}
        name={'country' as Path<T>}
        render={({ field }) => (
          <FormItem>
            <FormLabel>Country</FormLabel>
            <FormControl>
              <Combobox
                ref={field.ref}
                onBlur={field.onBlur}
                options={COUNTRY_OPTIONS}
                value={field.value ?? ''}
                onValueChange={field.onChange}
                placeholder="Select your country"
                searchPlaceholder="Search country..."
                emptyText="No country found."
              />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name={'city' as Path<T>}
        render={({ field }) => (
          <FormItem>
            <FormLabel>City</FormLabel>
            <FormControl>
              <Input
                autoComplete="address-level2"
                placeholder="Enter your city"
                {...field}
                value={field.value ?? ''}
              />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
    </div>
  );
}

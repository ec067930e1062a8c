// "I accept the terms and conditions" under a quote (the plan dialog) or an offer (the offer dialog): until it is
// ticked, the hint under it says why the button beside it waits.
import { useId } from 'react';
import { Checkbox } from '../../components/ui/checkbox';
import { Label } from '../../components/ui/label';

const TERMS_REQUIRED = 'You must accept the terms and conditions to proceed';

export function TermsCheckbox({
  accepted,
  onAccept,
  disabled,
}: {
  accepted: boolean;
  onAccept: (accepted: boolean) => void;
  disabled: boolean;
}) {
  const idBase = useId();
  const termsId = `${idBase}-terms`;
  const termsHintId = `${idBase}-terms-hint`;
  return (
    <div className="flex items-start gap-3">
      <Checkbox
        id={termsId}
        checked={accepted}
        onCheckedChange={(value) => onAccept(value === true)}
        aria-describedby={accepted ? undefined : termsHintId}
        disabled={disabled}
      />
      <div className="grid gap-1">
        <Label htmlFor={termsId} className="leading-snug">
          I accept the terms and conditions
        </Label>
        {accepted ? null : (
          <p id={termsHintId} className="text-xs text-slate-600">
            {TERMS_REQUIRED}
          </p>
        )}
      </div>
    </div>
  );
}

import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { describedBy, FieldError } from './TextField';

interface CheckboxFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type' | 'aria-invalid' | 'aria-describedby'
> {
  /** The label next to the box; may contain a link. */
  label: ReactNode;
  error?: string | null;
  id?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled checkbox with an optional error, tied together with aria-describedby. */
export function CheckboxField({ label, error, id, ref, ...props }: CheckboxFieldProps) {
  const generated = useId();
  const fieldId = id ?? `veld-${generated}`;
  return (
    <div className="gw-field">
      <FieldError id={fieldId} error={error} />
      <div className="gw-checkbox">
        <input
          ref={ref}
          type="checkbox"
          id={fieldId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fieldId, undefined, error)}
          {...props}
        />
        <label htmlFor={fieldId}>{label}</label>
      </div>
    </div>
  );
}

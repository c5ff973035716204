import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { describedBy, FieldMessages } from './fieldMessages';

interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'aria-invalid' | 'aria-describedby'
> {
  label: string;
  hint?: string;
  /** A Dutch error message; marks the input invalid and is read with it. */
  error?: string | null;
  id?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with optional hint and error, tied together with aria-describedby. */
export function TextField({ label, hint, error, id, className, ref, ...inputProps }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? `veld-${generated}`;

  return (
    <div className="gw-field">
      <label className="gw-field__label" htmlFor={inputId}>
        {label}
      </label>
      <FieldMessages id={inputId} hint={hint} error={error} />
      <input
        ref={ref}
        id={inputId}
        className={['gw-input', className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, hint, error)}
        {...inputProps}
      />
    </div>
  );
}

/**
 * An e-mail address: the e-mail keyboard on phones, no spelling check, and `autoComplete` "email" unless the form says
 * otherwise ("username" on a log-in form).
 */
export function EmailField(props: Omit<TextFieldProps, 'type' | 'inputMode'>) {
  return <TextField type="email" inputMode="email" spellCheck={false} autoComplete="email" {...props} />;
}

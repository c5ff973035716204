import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

/**
 * The props of a labelled control (TextField, TextAreaField, SelectField): the element's own attributes, but its id
 * and aria attributes are the field's to set, plus the label, hint and error.
 */
export type LabelledControlProps<Attributes, Element> = Omit<Attributes, 'id' | 'aria-invalid' | 'aria-describedby'> & {
  label: string;
  hint?: string;
  /** A Dutch error message; marks the control invalid and is read with it. */
  error?: string | null;
  id?: string;
  ref?: Ref<Element>;
};

type TextFieldProps = LabelledControlProps<InputHTMLAttributes<HTMLInputElement>, HTMLInputElement>;

/** A labelled input with optional hint and error, tied together with aria-describedby. */
export function TextField({ label, hint, error, id, className, ref, ...inputProps }: TextFieldProps) {
  return (
    <LabelledField label={label} hint={hint} error={error} id={id}>
      {(control) => (
        <input ref={ref} className={['gw-input', className].filter(Boolean).join(' ')} {...control} {...inputProps} />
      )}
    </LabelledField>
  );
}

/** What a control needs to be tied to its label, hint and error. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface LabelledFieldProps {
  label: string;
  hint?: string;
  error?: string | null;
  /** The control's id; a generated one when none is given. */
  id?: string;
  children: (control: ControlProps) => ReactNode;
}

/**
 * A field of the kit: its label, hint and error around one control (input, text area, select), which gets the id and
 * the aria attributes that tie them together.
 */
export function LabelledField({ label, hint, error, id, children }: LabelledFieldProps) {
  const generated = useId();
  const controlId = id ?? `veld-${generated}`;
  return (
    <div className="gw-field">
      <label className="gw-field__label" htmlFor={controlId}>
        {label}
      </label>
      <FieldMessages id={controlId} hint={hint} error={error} />
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(controlId, hint, error),
      })}
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

/**
 * The hint and the error of a form field, as every field of the kit shows them: the hint `<id>-hint`, the error
 * `<id>-fout` with "Fout: " for screen readers, both named by the input's aria-describedby (`describedBy`).
 * They live here, in the module of the field every public page has, so that they add no chunk of their own.
 */

/** The input's aria-describedby: its hint and its error, when there are. */
export function describedBy(id: string, hint?: string, error?: string | null) {
  return [hint ? `${id}-hint` : null, error ? `${id}-fout` : null].filter(Boolean).join(' ') || undefined;
}

/**
 * A field's error message (nothing without one); `id` is the input's, so that its aria-describedby can name the
 * message (a group's message, under its legend, needs none).
 */
export function FieldError({ id, error }: { id?: string; error?: string | null }) {
  return error ? (
    <span className="gw-field__error" id={id ? `${id}-fout` : undefined}>
      <span className="gw-visually-hidden">Fout: </span>
      {error}
    </span>
  ) : null;
}

/** A field's hint, then its error (each only when there is one); `id` is the input's. */
export function FieldMessages({ id, hint, error }: { id: string; hint?: string; error?: string | null }) {
  return (
    <>
      {hint ? (
        <span className="gw-field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      <FieldError id={id} error={error} />
    </>
  );
}

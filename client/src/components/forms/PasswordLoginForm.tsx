import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../ui/Alert';
import { TextField } from './TextField';
import { validateEmail, validateRequired } from './validation';

import type { FormError } from './userErrors';

export type { FormError };

export type LoginOutcome = { ok: true } | { ok: false; errors: readonly FormError[] };

interface PasswordLoginFormProps {
  /** Calls the log-in mutation; resolves with its outcome, rejects on a network failure. */
  onLogin: (email: string, password: string) => Promise<LoginOutcome>;
  /** Runs after a successful log-in (refetch the viewer, navigate). */
  onSuccess: () => Promise<void> | void;
}

type Field = 'email' | 'password';
type FieldErrors = Partial<Record<Field, string>>;

/**
 * E-mail and password with Dutch validation: client-side first (mirroring the server), then
 * the payload errors of the mutation on their field or, when they concern the whole form,
 * in an alert.
 */
export function PasswordLoginForm({ onLogin, onSuccess }: PasswordLoginFormProps) {
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const idPrefix = useId();

  function focusFirstError(errors: FieldErrors) {
    if (errors.email) emailRef.current?.focus();
    else if (errors.password) passwordRef.current?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');

    const errors: FieldErrors = {};
    const emailError = validateEmail(email);
    if (emailError) errors.email = emailError;
    const passwordError = validateRequired(password, 'Vul uw wachtwoord in.');
    if (passwordError) errors.password = passwordError;
    setFieldErrors(errors);
    setFormError(null);
    if (Object.keys(errors).length > 0) {
      focusFirstError(errors);
      return;
    }

    setSubmitting(true);
    try {
      const outcome = await onLogin(email, password);
      if (outcome.ok) {
        await onSuccess();
        return;
      }
      const serverErrors: FieldErrors = {};
      const general: string[] = [];
      for (const error of outcome.errors) {
        if (error.field === 'email' || error.field === 'password') {
          serverErrors[error.field] ??= error.message;
        } else {
          general.push(error.message);
        }
      }
      const hasFieldErrors = Object.keys(serverErrors).length > 0;
      if (general.length === 0 && !hasFieldErrors) general.push('Inloggen is niet gelukt. Probeer het opnieuw.');
      setFieldErrors(serverErrors);
      setFormError(general.length > 0 ? general.join(' ') : null);
      focusFirstError(serverErrors);
    } catch {
      setFormError('Inloggen is niet gelukt door een storing. Probeer het over een paar minuten opnieuw.');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form className="gw-form" noValidate onSubmit={handleSubmit} aria-describedby={formError ? `${idPrefix}-fout` : undefined}>
      {formError ? (
        <Alert variant="error" role="alert" id={`${idPrefix}-fout`}>
          <p>{formError}</p>
        </Alert>
      ) : null}
      <TextField
        ref={emailRef}
        id={`${idPrefix}-email`}
        label="E-mailadres"
        name="email"
        type="email"
        autoComplete="username"
        inputMode="email"
        spellCheck={false}
        error={fieldErrors.email}
        required
      />
      <TextField
        ref={passwordRef}
        id={`${idPrefix}-wachtwoord`}
        label="Wachtwoord"
        name="password"
        type="password"
        autoComplete="current-password"
        error={fieldErrors.password}
        required
      />
      <button type="submit" className="gw-button" disabled={submitting} aria-disabled={submitting}>
        {submitting ? 'Bezig met inloggen…' : 'Inloggen'}
      </button>
    </form>
  );
}

import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from '../layout/Page';
import { Alert } from '../ui/Alert';
import { ErrorSummary } from './ErrorSummary';
import { NETWORK_ERROR, splitErrors } from './formErrors';
import type { FormError } from './PasswordLoginForm';
import { TextField } from './TextField';
import { validateEmail } from './validation';

export interface PasswordResetRequestPayload {
  requested: boolean;
  errors: readonly FormError[];
}

interface ForgotPasswordPageProps {
  /** Under the title: whose account this is for. */
  lead: string;
  /** Calls the request mutation; rejects on a network failure. */
  request: (email: string) => Promise<PasswordResetRequestPayload | undefined>;
  /** "Terug naar inloggen". */
  loginUrl: string;
  /** Help under the form (residents, staff without access to their mailbox, …). */
  children?: ReactNode;
}

const EMAIL_ID = 'wachtwoord-vergeten-email';

/**
 * "Wachtwoord vergeten": asks for a link to choose a new password. The answer is the same whether or not the address
 * has an account, so the confirmation says "als er een account is". Used by the provider and the staff screens.
 */
export function ForgotPasswordPage({ lead, request, loginUrl, children }: ForgotPasswordPageProps) {
  const [loading, setLoading] = useState(false);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [general, setGeneral] = useState<string[]>([]);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const done = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (sentTo) done.current?.focus();
  }, [sentTo]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    const problem = validateEmail(email);
    setEmailError(problem);
    setGeneral([]);
    if (problem) {
      document.getElementById(EMAIL_ID)?.focus();
      return;
    }
    setLoading(true);
    try {
      const payload = await request(email);
      if (payload?.requested) {
        setSentTo(email);
        return;
      }
      const split = splitErrors(payload?.errors ?? [], ['email'] as const);
      setEmailError(split.fieldErrors.email ?? null);
      setGeneral(split.general);
      if (split.fieldErrors.email) document.getElementById(EMAIL_ID)?.focus();
    } catch {
      setGeneral([NETWORK_ERROR]);
    } finally {
      setLoading(false);
    }
  }

  if (sentTo) {
    return (
      <Page title="Wachtwoord vergeten">
        <div ref={done} tabIndex={-1}>
          <Alert variant="success" role="status" title="Kijk in uw mailbox">
            <p>
              Als er een account is met het e-mailadres <strong>{sentTo}</strong>, dan hebben we daar een link naartoe gestuurd
              om een nieuw wachtwoord te kiezen. De link is 1 uur geldig.
            </p>
          </Alert>
        </div>
        <p>Geen e-mail ontvangen? Kijk ook in de map met ongewenste e-mail, of controleer of u het goede e-mailadres gebruikt.</p>
        <p>
          <Link to={loginUrl}>Terug naar inloggen</Link>
        </p>
      </Page>
    );
  }

  return (
    <Page title="Wachtwoord vergeten" lead={lead}>
      <form className="gw-form" noValidate onSubmit={handleSubmit}>
        <ErrorSummary items={general.map((message) => ({ fieldId: null, message }))} />
        <TextField
          id={EMAIL_ID}
          name="email"
          label="E-mailadres"
          type="email"
          inputMode="email"
          autoComplete="username"
          spellCheck={false}
          error={emailError}
          required
        />
        <button type="submit" className="gw-button" disabled={loading} aria-disabled={loading}>
          {loading ? 'Bezig met versturen…' : 'Link versturen'}
        </button>
      </form>
      {children}
    </Page>
  );
}

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Page } from '../layout/Page';
import { Alert } from '../ui/Alert';
import { ErrorSummary } from './ErrorSummary';
import { NETWORK_ERROR, focusFirstError, splitErrors } from './formErrors';
import type { FormError } from './PasswordLoginForm';
import { PASSWORD_HINT, validateNewPassword } from './providerValidation';
import { TextField } from './TextField';

export interface ResetPasswordPayload {
  passwordChanged: boolean;
  errors: readonly FormError[];
}

interface ResetPasswordPageProps {
  /** Under the title: whose account this is for. */
  lead: string;
  /** Calls the reset mutation with the token from the URL; rejects on a network failure. */
  reset: (newPassword: string) => Promise<ResetPasswordPayload | undefined>;
  /** Where to log in afterwards, and the button's text. */
  loginUrl: string;
  loginLabel: string;
  /** Where to ask for a new link when this one no longer works. */
  forgotUrl: string;
}

const FIELDS = ['newPassword', 'repeat'] as const;
type Field = (typeof FIELDS)[number];
const fieldId = (f: Field) => `nieuw-wachtwoord-${f}`;

/** "Nieuw wachtwoord kiezen" with the link from the mail. Used by the provider and the staff screens. */
export function ResetPasswordPage({ lead, reset, loginUrl, loginLabel, forgotUrl }: ResetPasswordPageProps) {
  const [loading, setLoading] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [tokenInvalid, setTokenInvalid] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const result = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (done || tokenInvalid) result.current?.focus();
  }, [done, tokenInvalid]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const data = new FormData(event.currentTarget);
    const newPassword = String(data.get('newPassword') ?? '');
    const repeat = String(data.get('repeat') ?? '');
    const found: Partial<Record<Field, string>> = {};
    const problem = validateNewPassword(newPassword);
    if (problem) found.newPassword = problem;
    else if (repeat !== newPassword) found.repeat = 'De twee wachtwoorden zijn niet gelijk. Typ het nieuwe wachtwoord nog een keer.';
    setErrors(found);
    setGeneral([]);
    if (Object.keys(found).length) {
      focusFirstError(FIELDS, found, fieldId);
      return;
    }
    setLoading(true);
    try {
      const payload = await reset(newPassword);
      if (payload?.passwordChanged) {
        setDone(true);
        return;
      }
      const tokenError = payload?.errors.find((e) => e.field === 'token');
      if (tokenError) {
        setTokenInvalid(tokenError.message);
        return;
      }
      const split = splitErrors(payload?.errors ?? [], FIELDS);
      setErrors(split.fieldErrors);
      setGeneral(split.general);
      focusFirstError(FIELDS, split.fieldErrors, fieldId);
    } catch {
      setGeneral([NETWORK_ERROR]);
    } finally {
      setLoading(false);
    }
  }

  if (done) {
    return (
      <Page title="Nieuw wachtwoord kiezen">
        <div ref={result} tabIndex={-1}>
          <Alert variant="success" role="status" title="Uw nieuwe wachtwoord is ingesteld">
            <p>U bent op alle apparaten uitgelogd. Log opnieuw in met uw nieuwe wachtwoord.</p>
          </Alert>
        </div>
        <p>
          <Link className="gw-button" to={loginUrl}>
            {loginLabel}
          </Link>
        </p>
      </Page>
    );
  }

  if (tokenInvalid) {
    return (
      <Page title="Nieuw wachtwoord kiezen">
        <div ref={result} tabIndex={-1}>
          <Alert variant="error" role="alert" title="Deze link werkt niet (meer)">
            <p>{tokenInvalid}</p>
          </Alert>
        </div>
        <p>
          Een link is 1 uur geldig en werkt één keer. <Link to={forgotUrl}>Vraag een nieuwe link aan</Link>.
        </p>
      </Page>
    );
  }

  return (
    <Page title="Nieuw wachtwoord kiezen" lead={lead}>
      <form className="gw-form" noValidate onSubmit={handleSubmit}>
        <ErrorSummary items={general.map((message) => ({ fieldId: null, message }))} />
        <TextField
          id={fieldId('newPassword')}
          name="newPassword"
          label="Nieuw wachtwoord"
          hint={PASSWORD_HINT}
          type="password"
          autoComplete="new-password"
          error={errors.newPassword}
          required
        />
        <TextField
          id={fieldId('repeat')}
          name="repeat"
          label="Herhaal het nieuwe wachtwoord"
          type="password"
          autoComplete="new-password"
          error={errors.repeat}
          required
        />
        <button type="submit" className="gw-button" disabled={loading} aria-disabled={loading}>
          {loading ? 'Bezig met opslaan…' : 'Wachtwoord opslaan'}
        </button>
      </form>
    </Page>
  );
}

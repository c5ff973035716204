import { useMutation } from '@apollo/client/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ErrorSummary } from '../../components/forms/ErrorSummary';
import { NETWORK_ERROR, splitErrors } from '../../components/forms/formErrors';
import { TextField } from '../../components/forms/TextField';
import { validateEmail } from '../../components/forms/validation';
import { Page } from '../../components/layout/Page';
import { Alert } from '../../components/ui/Alert';
import { graphql } from '../../graphql/generated';
import { urls } from '../../lib/urls';

const RequestPasswordResetDocument = graphql(`
  mutation RequestPasswordReset($email: String!) {
    requestPasswordReset(email: $email) {
      requested
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const EMAIL_ID = 'wachtwoord-vergeten-email';

/** /wachtwoord-vergeten: asks for a link to choose a new password (provider accounts). */
export default function ForgotPasswordScreen() {
  const [request, { loading }] = useMutation(RequestPasswordResetDocument);
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
    try {
      const { data } = await request({ variables: { email } });
      const payload = data?.requestPasswordReset;
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
          <Link to={urls.providerLogin()}>Terug naar inloggen</Link>
        </p>
      </Page>
    );
  }

  return (
    <Page
      title="Wachtwoord vergeten"
      lead="Vul het e-mailadres van uw aanbiedersaccount in. U ontvangt dan een link om een nieuw wachtwoord te kiezen."
    >
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
      <p>
        Bent u inwoner? U logt in met DigiD en heeft geen wachtwoord bij ons nodig: <Link to={urls.login()}>inloggen met DigiD</Link>.
        Medewerkers van de gemeente vragen een nieuw wachtwoord aan bij hun beheerder.
      </p>
    </Page>
  );
}

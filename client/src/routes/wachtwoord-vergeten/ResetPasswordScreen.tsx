import { useMutation } from '@apollo/client/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorSummary } from '../../components/forms/ErrorSummary';
import { NETWORK_ERROR, focusFirstError, splitErrors } from '../../components/forms/formErrors';
import { PASSWORD_HINT, validateNewPassword } from '../../components/forms/providerValidation';
import { TextField } from '../../components/forms/TextField';
import { Page } from '../../components/layout/Page';
import { Alert } from '../../components/ui/Alert';
import { graphql } from '../../graphql/generated';
import { urls } from '../../lib/urls';

const ResetPasswordDocument = graphql(`
  mutation ResetPassword($token: String!, $newPassword: String!) {
    resetPassword(token: $token, newPassword: $newPassword) {
      passwordChanged
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const FIELDS = ['newPassword', 'repeat'] as const;
type Field = (typeof FIELDS)[number];
const fieldId = (f: Field) => `nieuw-wachtwoord-${f}`;

/** /wachtwoord-vergeten/:token — chooses a new password with the link from the mail (also for invited colleagues). */
export default function ResetPasswordScreen() {
  const { token = '' } = useParams();
  const [reset, { loading }] = useMutation(ResetPasswordDocument);
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
    try {
      const { data: result } = await reset({ variables: { token, newPassword } });
      const payload = result?.resetPassword;
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
          <Link className="gw-button" to={urls.providerLogin()}>
            Inloggen als aanbieder
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
          Een link is 1 uur geldig en werkt één keer. <Link to={urls.forgotPassword()}>Vraag een nieuwe link aan</Link>.
        </p>
      </Page>
    );
  }

  return (
    <Page title="Nieuw wachtwoord kiezen" lead="Kies een nieuw wachtwoord voor uw aanbiedersaccount.">
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

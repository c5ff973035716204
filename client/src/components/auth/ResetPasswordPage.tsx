import { useApolloClient } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { checkNewPassword, NewPasswordFields } from '../forms/NewPasswordFields';
import { useMutationForm } from '../forms/useMutationForm';
import { Page } from '../layout/Page';
import { Alert } from '../ui/Alert';
import { audiences, type PasswordAudience } from './audiences';

const TITLE = 'Nieuw wachtwoord kiezen';

/** "Nieuw wachtwoord kiezen" with the link (`:token`) from the mail, for staff and provider users alike. */
export function ResetPasswordPage({ audience }: { audience: PasswordAudience }) {
  const config = audiences[audience];
  const { token = '' } = useParams();
  const client = useApolloClient();
  const [outcome, setOutcome] = useState<{ done: true } | { tokenInvalid: string } | null>(null);
  const result = useRef<HTMLDivElement>(null);
  const form = useMutationForm({
    id: 'nieuw-wachtwoord',
    fields: ['newPassword', 'repeat'],
    check: checkNewPassword,
    mutate: async (v) => {
      const payload = await config.reset.send(client, token, v.newPassword);
      // A link that no longer works is not a problem of the form: the page says so, with the way to a new link.
      const tokenError = payload?.errors.find((e) => e.field === 'token');
      if (tokenError) {
        setOutcome({ tokenInvalid: tokenError.message });
        return { errors: [] };
      }
      return payload;
    },
    onSuccess: () => setOutcome((o) => o ?? { done: true }),
  });

  useEffect(() => {
    if (outcome) result.current?.focus();
  }, [outcome]);

  if (outcome && 'done' in outcome) {
    return (
      <Page title={TITLE}>
        <div ref={result} tabIndex={-1}>
          <Alert variant="success" role="status" title="Uw nieuwe wachtwoord is ingesteld">
            <p>U bent op alle apparaten uitgelogd. Log opnieuw in met uw nieuwe wachtwoord.</p>
          </Alert>
        </div>
        <p>
          <Link className="gw-button" to={config.loginUrl}>
            {config.reset.loginLabel}
          </Link>
        </p>
      </Page>
    );
  }

  if (outcome) {
    return (
      <Page title={TITLE}>
        <div ref={result} tabIndex={-1}>
          <Alert variant="error" role="alert" title="Deze link werkt niet (meer)">
            <p>{outcome.tokenInvalid}</p>
          </Alert>
        </div>
        <p>
          Een link is 1 uur geldig en werkt één keer. <Link to={config.forgotUrl}>Vraag een nieuwe link aan</Link>.
        </p>
      </Page>
    );
  }

  return (
    <Page title={TITLE} lead={config.reset.lead}>
      <form className="gw-form" {...form.props}>
        {form.summary}
        <NewPasswordFields field={form.field} />
        <button type="submit" className="gw-button" disabled={form.busy}>
          {form.busy ? 'Bezig met opslaan…' : 'Wachtwoord opslaan'}
        </button>
      </form>
    </Page>
  );
}

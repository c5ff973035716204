import { useApolloClient } from '@apollo/client/react';
import { accountEmail } from '@rules/password';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ruleCheck } from '../forms/ruleCheck';
import { EmailField } from '../forms/TextField';
import { useMutationForm } from '../forms/useMutationForm';
import { Page } from '../layout/Page';
import { Alert } from '../ui/Alert';
import { audiences, type PasswordAudience } from './audiences';

const check = ruleCheck({ email: accountEmail });

/**
 * "Wachtwoord vergeten": asks for a link to choose a new password. The answer is the same whether or not the address
 * has an account, so the confirmation says "als er een account is". For staff and provider users alike.
 */
export function ForgotPasswordPage({ audience }: { audience: PasswordAudience }) {
  const config = audiences[audience];
  const client = useApolloClient();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const done = useRef<HTMLDivElement>(null);
  const form = useMutationForm({
    id: 'wachtwoord-vergeten',
    fields: ['email'],
    check,
    mutate: async ({ email }) => {
      const payload = await config.forgot.send(client, email.trim());
      if (payload?.requested) setSentTo(email.trim());
      return payload;
    },
  });

  useEffect(() => {
    if (sentTo) done.current?.focus();
  }, [sentTo]);

  if (sentTo) {
    return (
      <Page title="Wachtwoord vergeten">
        <div ref={done} tabIndex={-1}>
          <Alert variant="success" role="status" title="Kijk in uw mailbox">
            <p>
              Als er een account is met het e-mailadres <strong>{sentTo}</strong>, dan hebben we daar een link naartoe
              gestuurd om een nieuw wachtwoord te kiezen. De link is 1 uur geldig.
            </p>
          </Alert>
        </div>
        <p>
          Geen e-mail ontvangen? Kijk ook in de map met ongewenste e-mail, of controleer of u het goede e-mailadres
          gebruikt.
        </p>
        <p>
          <Link to={config.loginUrl}>Terug naar inloggen</Link>
        </p>
      </Page>
    );
  }

  return (
    <Page title="Wachtwoord vergeten" lead={config.forgot.lead}>
      <form className="gw-form" {...form.props}>
        {form.summary}
        <EmailField label="E-mailadres" autoComplete="username" required {...form.field('email')} />
        <button type="submit" className="gw-button" disabled={form.busy}>
          {form.busy ? 'Bezig met versturen…' : 'Link versturen'}
        </button>
      </form>
      {config.forgot.help}
    </Page>
  );
}

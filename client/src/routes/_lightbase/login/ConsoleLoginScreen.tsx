import { useMutation } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { EmailField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { Alert } from '@/components/ui/Alert';
import { RequestOperatorLoginLinkDocument } from '../operator.graphql';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * /_lightbase/login: an operator of Lightbase asks for a log-in link. The answer is the same whether or not the address
 * is known; the link works 10 minutes, once, and only in this browser.
 */
export default function ConsoleLoginScreen() {
  const [request] = useMutation(RequestOperatorLoginLinkDocument);
  const [answer, setAnswer] = useState<string | null>(null);
  const done = useRef<HTMLDivElement>(null);
  const form = useMutationForm({
    id: 'operator-inloggen',
    fields: ['email'],
    check: ({ email }) => ({ email: EMAIL.test(email.trim()) ? null : 'Vul een geldig e-mailadres in.' }),
    mutate: async ({ email }) => (await request({ variables: { email: email.trim() } })).data?.requestOperatorLoginLink,
    onSuccess: (payload) => setAnswer(payload.message ?? ''),
  });

  useEffect(() => {
    if (answer) done.current?.focus();
  }, [answer]);

  if (answer) {
    return (
      <Page title="Inloggen beheerconsole">
        <div ref={done} tabIndex={-1}>
          <Alert variant="success" role="status" title="Kijk in uw mailbox">
            <p>{answer}</p>
          </Alert>
        </div>
        <p>
          Geen e-mail ontvangen? Kijk ook in de map met ongewenste e-mail, of vraag over een paar minuten een nieuwe
          link aan.
        </p>
      </Page>
    );
  }

  return (
    <Page
      title="Inloggen beheerconsole"
      lead="Voor operators van Lightbase. Vul uw e-mailadres in; u ontvangt een eenmalige inloglink die 10 minuten geldig is en alleen werkt in deze browser."
    >
      <form className="gw-form" {...form.props}>
        {form.summary}
        <EmailField label="E-mailadres" autoComplete="username" required {...form.field('email')} />
        <button type="submit" className="gw-button" disabled={form.busy}>
          {form.busy ? 'Bezig met versturen…' : 'Inloglink versturen'}
        </button>
      </form>
    </Page>
  );
}

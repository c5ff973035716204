import { useApolloClient, useMutation } from '@apollo/client/react';
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Page } from '@/components/layout/Page';
import { Alert } from '@/components/ui/Alert';
import { urls } from '@/lib/urls';
import { CompleteOperatorLoginDocument } from '../operator.graphql';

/**
 * /_lightbase/auth/{token}: the link from the mail. The log-in happens on the button (a mail scanner that opens the link
 * logs nobody in); a link that was used, is too old, or was asked for in another browser gets a clear refusal.
 */
export default function ConsoleAuthScreen() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const client = useApolloClient();
  const [complete, { loading }] = useMutation(CompleteOperatorLoginDocument);
  const [refusal, setRefusal] = useState<string | null>(null);
  const alert = useRef<HTMLDivElement>(null);

  async function logIn() {
    setRefusal(null);
    try {
      const payload = (await complete({ variables: { token } })).data?.completeOperatorLogin;
      if (payload?.operator) {
        await client.clearStore();
        await navigate(urls.internal.console(), { replace: true });
        return;
      }
      setRefusal(payload?.errors[0]?.message ?? 'Inloggen is niet gelukt. Vraag een nieuwe inloglink aan.');
    } catch {
      setRefusal('Er ging iets mis bij het inloggen. Controleer uw verbinding en probeer het opnieuw.');
    }
    requestAnimationFrame(() => alert.current?.focus());
  }

  return (
    <Page title="Inloggen beheerconsole" lead="U logt in met de eenmalige link uit uw e-mail.">
      {refusal ? (
        <Alert variant="error" role="alert" title="U bent niet ingelogd" tabIndex={-1} ref={alert}>
          <p>{refusal}</p>
          <p>
            <Link to={urls.internal.login()}>Nieuwe inloglink aanvragen</Link>
          </p>
        </Alert>
      ) : null}
      <button type="button" className="gw-button" onClick={() => void logIn()} disabled={loading}>
        {loading ? 'Bezig met inloggen…' : 'Inloggen in de beheerconsole'}
      </button>
    </Page>
  );
}

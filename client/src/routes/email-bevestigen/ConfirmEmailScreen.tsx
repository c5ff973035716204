import { useMutation } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMutationForm } from '../../components/forms/useMutationForm';
import { Page } from '../../components/layout/Page';
import { Alert } from '../../components/ui/Alert';
import { graphql } from '../../graphql/generated';
import { searchParams, urls } from '../../lib/urls';
import { useSearchParam } from '../../lib/urlState';

const ConfirmEmailDocument = graphql(`
  mutation ConfirmEmail($token: String!) {
    confirmEmail(token: $token) {
      confirmed
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/**
 * /email-bevestigen?token=…: confirms the e-mail address of a new provider user. Confirming takes a click, so a mail
 * scanner that opens links cannot use up the single-use token.
 */
export default function ConfirmEmailScreen() {
  const token = useSearchParam(searchParams.token)[0]?.trim() ?? '';
  const [confirmEmail] = useMutation(ConfirmEmailDocument);
  const [confirmed, setConfirmed] = useState(false);
  const result = useRef<HTMLDivElement>(null);
  const confirm = useMutationForm({
    id: 'bevestigen',
    fields: [],
    mutate: async () => (await confirmEmail({ variables: { token } })).data?.confirmEmail,
    onSuccess: () => setConfirmed(true),
  });

  useEffect(() => {
    if (confirmed) result.current?.focus();
  }, [confirmed]);

  if (!token) {
    return (
      <Page title="E-mailadres bevestigen">
        <Alert variant="warning" title="Deze link is niet volledig">
          <p>
            Open de link uit de e-mail die wij u stuurden na uw aanmelding. Werkt de link niet? Kopieer dan het hele
            adres uit de e-mail naar de adresbalk van uw browser.
          </p>
        </Alert>
        <p>
          Is uw e-mailadres al bevestigd? <Link to={urls.providerLogin()}>Log dan in als aanbieder</Link>.
        </p>
      </Page>
    );
  }

  return (
    <Page title="E-mailadres bevestigen">
      {confirmed ? (
        <div ref={result} tabIndex={-1}>
          <Alert variant="success" role="status" title="Uw e-mailadres is bevestigd">
            <p>U kunt nu inloggen en uw organisatie aanmelden bij de gemeenten waar u uw producten wilt aanbieden.</p>
          </Alert>
          <p>
            <Link className="gw-button" to={urls.providerLogin(urls.provider.profile())}>
              Inloggen als aanbieder
            </Link>
          </p>
        </div>
      ) : (
        <>
          {confirm.summary}
          {confirm.summary ? (
            <p>
              Is uw e-mailadres al bevestigd? <Link to={urls.providerLogin()}>Log dan in als aanbieder</Link>. Is de
              link verlopen? <Link to={urls.forgotPassword()}>Vraag een nieuw wachtwoord aan</Link>: met de link in die
              e-mail bevestigt u ook uw e-mailadres.
            </p>
          ) : (
            <p>Bevestig dat dit uw e-mailadres is. Daarna kunt u inloggen.</p>
          )}
          <p>
            <button type="button" className="gw-button" onClick={() => void confirm.submit()} disabled={confirm.busy}>
              {confirm.busy ? 'Bezig met bevestigen…' : 'E-mailadres bevestigen'}
            </button>
          </p>
        </>
      )}
    </Page>
  );
}

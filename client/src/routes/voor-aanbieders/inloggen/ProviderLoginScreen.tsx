import { useMutation } from '@apollo/client/react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { PasswordLoginForm, type LoginOutcome } from '../../../components/forms/PasswordLoginForm';
import { useRefreshViewer } from '../../../components/forms/useRefreshViewer';
import { Page } from '../../../components/layout/Page';
import { graphql } from '../../../graphql/generated';
import { returnPathOr } from '../../../lib/returnPath';
import { urls } from '../../../lib/urls';
import { useViewer } from '../../../lib/viewer';

const LoginProviderDocument = graphql(`
  mutation LoginProvider($email: String!, $password: String!) {
    loginProvider(email: $email, password: $password) {
      viewer {
        kind
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** Log-in for provider users (e-mail and password). */
export default function ProviderLoginScreen() {
  const [searchParams] = useSearchParams();
  const terug = returnPathOr(searchParams.get('terug'), urls.provider.products());
  const { viewer } = useViewer();
  const navigate = useNavigate();
  const refreshViewer = useRefreshViewer();
  const [loginProvider] = useMutation(LoginProviderDocument);

  if (viewer?.kind === 'PROVIDER') return <Navigate replace to={terug} />;

  async function login(email: string, password: string): Promise<LoginOutcome> {
    const { data } = await loginProvider({ variables: { email, password } });
    const payload = data?.loginProvider;
    if (payload && payload.errors.length === 0 && payload.viewer) return { ok: true };
    return { ok: false, errors: payload?.errors ?? [] };
  }

  async function afterLogin() {
    await refreshViewer();
    await navigate(terug, { replace: true });
  }

  return (
    <Page title="Inloggen voor aanbieders" lead="Log in om uw producten, bestellingen en profiel te beheren.">
      <PasswordLoginForm onLogin={login} onSuccess={afterLogin} />
      <ul className="gw-prose">
        <li>
          <Link to={urls.forgotPassword()}>Wachtwoord vergeten?</Link>
        </li>
        <li>
          Nog geen account? <Link to={urls.providerRegister()}>Meld uw organisatie aan als aanbieder</Link>.
        </li>
        <li>
          Bent u inwoner? <Link to={urls.login()}>Log in met DigiD</Link>.
        </li>
      </ul>
    </Page>
  );
}

import { Link, Navigate, useSearchParams } from 'react-router';
import { Page } from '../../components/layout/Page';
import { returnPathOr } from '../../lib/returnPath';
import { urls } from '../../lib/urls';
import { useViewer } from '../../lib/viewer';

/** Customer log-in: DigiD first. DigiD is a full-page redirect through the server. */
export default function CustomerLoginScreen() {
  const [searchParams] = useSearchParams();
  const terug = returnPathOr(searchParams.get('terug'), urls.account.orders());
  const { viewer } = useViewer();

  if (viewer?.kind === 'CUSTOMER') return <Navigate replace to={terug} />;

  return (
    <Page title="Inloggen" lead="Log in om uw regelingen en tegoed te zien en producten te bestellen.">
      <section aria-labelledby="digid-kop" className="gw-prose">
        <h2 id="digid-kop">Inloggen met DigiD</h2>
        <p>Met DigiD logt u veilig in. Zo weten wij zeker dat u het bent.</p>
        <p>
          {/* A server route: a full page load, not a router navigation. */}
          <a className="gw-button gw-button--large" href={urls.server.digidStart(terug)}>
            Inloggen met DigiD
          </a>
        </p>
        <p>
          Heeft u nog geen DigiD? Vraag DigiD aan op <a href="https://www.digid.nl/aanvragen-en-activeren">digid.nl</a>.
        </p>
      </section>
      <section aria-labelledby="wachtwoord-kop" className="gw-prose">
        <h2 id="wachtwoord-kop">Inloggen met e-mailadres en wachtwoord</h2>
        <p>
          Inloggen met een e-mailadres en wachtwoord is voor inwoners nog niet mogelijk. Gebruik daarom DigiD om in te
          loggen.
        </p>
      </section>
      <p>
        Bent u een aanbieder? <Link to={urls.providerLogin()}>Log in als aanbieder</Link>.
      </p>
    </Page>
  );
}

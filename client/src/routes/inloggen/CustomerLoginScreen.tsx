import { Link, Navigate } from 'react-router';
import { Page } from '../../components/layout/Page';
import { sanitizeReturnPath } from '../../lib/returnPath';
import { searchParams, urls } from '../../lib/urls';
import { useUrlState } from '../../lib/urlState';
import { useViewer } from '../../lib/viewer';
import { Alert } from '../../components/ui/Alert';

/** What the server's DigiD callback reports back in `?fout=`, in plain Dutch. */
const DIGID_ERRORS: Record<string, { title: string; text: string }> = {
  geannuleerd: {
    title: 'Inloggen met DigiD is afgebroken',
    text: 'U heeft het inloggen geannuleerd, of DigiD kon het inloggen niet afronden. Probeer het opnieuw.',
  },
  niveau: {
    title: 'Uw DigiD is niet sterk genoeg voor deze website',
    text: 'Voor deze website is inloggen met de DigiD app of met sms-controle nodig. Log opnieuw in met een van die manieren, of activeer de DigiD app via digid.nl.',
  },
  ongeldig: {
    title: 'Inloggen met DigiD is niet gelukt',
    text: 'Het antwoord van DigiD kon niet worden gecontroleerd, of was al gebruikt. Probeer het opnieuw. Lukt het nog steeds niet? Neem dan contact op met uw gemeente.',
  },
  onbekend: {
    title: 'Wij kennen u nog niet',
    text: 'Er is bij ons geen regeling bekend voor het burgerservicenummer waarmee u inlogde. Neem contact op met uw gemeente als u denkt dat dit niet klopt.',
  },
  sessie: {
    title: 'Het inloggen is verlopen',
    text: 'Het inloggen duurde te lang of is in een ander venster gestart. Probeer het opnieuw.',
  },
};

/** Customer log-in: DigiD first. DigiD is a full-page redirect through the server. */
export default function CustomerLoginScreen() {
  const url = useUrlState();
  // A page that asked for the log-in is where the resident returns; otherwise the server picks the landing.
  const terug = sanitizeReturnPath(url.get(searchParams.returnTo));
  const { viewer } = useViewer();
  const fout = url.get(searchParams.loginError);
  const error = fout ? (DIGID_ERRORS[fout] ?? DIGID_ERRORS.geannuleerd) : null;

  if (viewer?.kind === 'CUSTOMER') return <Navigate replace to={terug ?? urls.account.orders()} />;

  return (
    <Page title="Inloggen" lead="Log in om uw regelingen en tegoed te zien en producten te bestellen.">
      {error ? (
        <Alert variant="error" role="alert" title={error.title}>
          <p>{error.text}</p>
        </Alert>
      ) : null}
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

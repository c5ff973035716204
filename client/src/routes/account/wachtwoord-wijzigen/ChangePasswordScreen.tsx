import { Link } from 'react-router';
import { Page } from '@/components/layout/Page';
import { urls } from '@/lib/urls';

/** DigiD's own pages (Logius): Mijn DigiD is where a DigiD password is changed; digid.nl helps when it is lost. */
const MIJN_DIGID_URL = 'https://mijn.digid.nl/';
const DIGID_HELP_URL = 'https://www.digid.nl/';

/**
 * /account/wachtwoord-wijzigen: residents log in with DigiD and have no password in the Gemeentewinkel, so there is
 * nothing to change here. The screen says so plainly and points to DigiD's own page — no form that does nothing.
 */
export default function ChangePasswordScreen() {
  return (
    <Page title="Wachtwoord wijzigen">
      <div className="gw-prose">
        <p>
          <strong>U heeft bij de Gemeentewinkel geen apart wachtwoord.</strong> U logt in met DigiD. Daarom kunt u hier
          geen wachtwoord wijzigen.
        </p>

        <h2>Uw DigiD-wachtwoord wijzigen</h2>
        <p>Uw DigiD-wachtwoord wijzigt u bij DigiD zelf, in Mijn DigiD:</p>
        <ol>
          <li>
            Ga naar{' '}
            <a href={MIJN_DIGID_URL} rel="noopener noreferrer">
              Mijn DigiD (mijn.digid.nl, website van DigiD)
            </a>
            .
          </li>
          <li>Log in met uw DigiD.</li>
          <li>Kies ‘Wachtwoord wijzigen’ en volg de stappen.</li>
        </ol>
        <p>Daarna logt u bij de Gemeentewinkel gewoon in met DigiD en uw nieuwe wachtwoord.</p>

        <h2>Wachtwoord vergeten of DigiD kwijt?</h2>
        <p>
          Kijk op de{' '}
          <a href={DIGID_HELP_URL} rel="noopener noreferrer">
            website van DigiD (digid.nl)
          </a>
          . Daar leest u hoe u een nieuw wachtwoord instelt of een nieuwe DigiD aanvraagt. De gemeente kan uw
          DigiD-wachtwoord niet voor u wijzigen.
        </p>

        <h2>Uw gegevens bij de Gemeentewinkel</h2>
        <p>
          Uw e-mailadres en telefoonnummer voor berichten van de Gemeentewinkel wijzigt u bij{' '}
          <Link to={urls.account.details()}>Gegevens</Link>.
        </p>
      </div>
    </Page>
  );
}

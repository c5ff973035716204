import { useMutation } from '@apollo/client/react';
import { Link } from 'react-router';
import { ForgotPasswordPage } from '../../components/forms/ForgotPasswordPage';
import { graphql } from '../../graphql/generated';
import { urls } from '../../lib/urls';

const RequestPasswordResetDocument = graphql(`
  mutation RequestPasswordReset($email: String!) {
    requestPasswordReset(email: $email) {
      requested
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** /wachtwoord-vergeten: asks for a link to choose a new password (provider accounts). */
export default function ForgotPasswordScreen() {
  const [request] = useMutation(RequestPasswordResetDocument);
  return (
    <ForgotPasswordPage
      lead="Vul het e-mailadres van uw aanbiedersaccount in. U ontvangt dan een link om een nieuw wachtwoord te kiezen."
      request={async (email) => (await request({ variables: { email } })).data?.requestPasswordReset}
      loginUrl={urls.providerLogin()}
    >
      <p>
        Bent u inwoner? U logt in met DigiD en heeft geen wachtwoord bij ons nodig: <Link to={urls.login()}>inloggen met DigiD</Link>.
        Bent u medewerker van de gemeente? <Link to={urls.admin.forgotPassword()}>Vraag een nieuw wachtwoord aan voor de beheeromgeving</Link>.
      </p>
    </ForgotPasswordPage>
  );
}

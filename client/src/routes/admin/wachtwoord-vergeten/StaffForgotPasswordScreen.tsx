import { useMutation } from '@apollo/client/react';
import { ForgotPasswordPage } from '../../../components/forms/ForgotPasswordPage';
import { graphql } from '../../../graphql/generated';
import { urls } from '../../../lib/urls';

const RequestStaffPasswordResetDocument = graphql(`
  mutation RequestStaffPasswordReset($email: String!) {
    requestStaffPasswordReset(email: $email) {
      requested
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** /admin/wachtwoord-vergeten: a staff member asks for a link to choose a new password. */
export default function StaffForgotPasswordScreen() {
  const [request] = useMutation(RequestStaffPasswordResetDocument);
  return (
    <ForgotPasswordPage
      lead="Vul het e-mailadres van uw account voor de beheeromgeving in. U ontvangt dan een link om een nieuw wachtwoord te kiezen."
      request={async (email) => (await request({ variables: { email } })).data?.requestStaffPasswordReset}
      loginUrl={urls.admin.login()}
    >
      <p>Is uw account geblokkeerd of heeft u geen toegang meer tot uw e-mail? Neem dan contact op met de beheerder van uw gemeente.</p>
    </ForgotPasswordPage>
  );
}

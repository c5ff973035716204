import { useMutation } from '@apollo/client/react';
import { useParams } from 'react-router';
import { ResetPasswordPage } from '../../../components/forms/ResetPasswordPage';
import { graphql } from '../../../graphql/generated';
import { urls } from '../../../lib/urls';

const ResetStaffPasswordDocument = graphql(`
  mutation ResetStaffPassword($token: String!, $newPassword: String!) {
    resetStaffPassword(token: $token, newPassword: $newPassword) {
      passwordChanged
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** /admin/wachtwoord-vergeten/:token — a staff member chooses a new password with the link from the mail. */
export default function StaffResetPasswordScreen() {
  const { token = '' } = useParams();
  const [reset] = useMutation(ResetStaffPasswordDocument);
  return (
    <ResetPasswordPage
      lead="Kies een nieuw wachtwoord voor uw account in de beheeromgeving."
      reset={async (newPassword) => (await reset({ variables: { token, newPassword } })).data?.resetStaffPassword}
      loginUrl={urls.admin.login()}
      loginLabel="Inloggen in de beheeromgeving"
      forgotUrl={urls.admin.forgotPassword()}
    />
  );
}

import { useMutation } from '@apollo/client/react';
import { useParams } from 'react-router';
import { ResetPasswordPage } from '../../components/forms/ResetPasswordPage';
import { graphql } from '../../graphql/generated';
import { urls } from '../../lib/urls';

const ResetPasswordDocument = graphql(`
  mutation ResetPassword($token: String!, $newPassword: String!) {
    resetPassword(token: $token, newPassword: $newPassword) {
      passwordChanged
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** /wachtwoord-vergeten/:token — chooses a new password with the link from the mail (also for invited colleagues). */
export default function ResetPasswordScreen() {
  const { token = '' } = useParams();
  const [reset] = useMutation(ResetPasswordDocument);
  return (
    <ResetPasswordPage
      lead="Kies een nieuw wachtwoord voor uw aanbiedersaccount."
      reset={async (newPassword) => (await reset({ variables: { token, newPassword } })).data?.resetPassword}
      loginUrl={urls.providerLogin()}
      loginLabel="Inloggen als aanbieder"
      forgotUrl={urls.forgotPassword()}
    />
  );
}

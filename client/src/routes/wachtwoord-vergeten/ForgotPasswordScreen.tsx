import { ForgotPasswordPage } from '../../components/auth/ForgotPasswordPage';

/** /wachtwoord-vergeten: asks for a link to choose a new password (provider accounts). */
export default function ForgotPasswordScreen() {
  return <ForgotPasswordPage audience="provider" />;
}

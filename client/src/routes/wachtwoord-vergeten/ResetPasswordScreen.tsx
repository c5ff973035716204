import { ResetPasswordPage } from '../../components/auth/ResetPasswordPage';

/** /wachtwoord-vergeten/:token — chooses a new password with the link from the mail (also for invited colleagues). */
export default function ResetPasswordScreen() {
  return <ResetPasswordPage audience="provider" />;
}

import { ForgotPasswordPage } from '@/components/auth/ForgotPasswordPage';

/** /admin/wachtwoord-vergeten: a staff member asks for a link to choose a new password. */
export default function StaffForgotPasswordScreen() {
  return <ForgotPasswordPage audience="staff" />;
}

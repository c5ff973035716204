import { ResetPasswordPage } from '@/components/auth/ResetPasswordPage';

/** /admin/wachtwoord-vergeten/:token — a staff member chooses a new password with the link from the mail. */
export default function StaffResetPasswordScreen() {
  return <ResetPasswordPage audience="staff" />;
}

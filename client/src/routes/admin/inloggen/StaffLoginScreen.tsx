import { LoginPage } from '@/components/auth/LoginPage';

/** /admin/inloggen: log-in for municipal staff (the admin area). */
export default function StaffLoginScreen() {
  return <LoginPage audience="staff" />;
}

import { LoginPage } from '@/components/auth/LoginPage';

/** /voor-aanbieders/inloggen: log-in for provider users (e-mail and password). */
export default function ProviderLoginScreen() {
  return <LoginPage audience="provider" />;
}

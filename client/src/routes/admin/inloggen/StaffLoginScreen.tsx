import { useMutation } from '@apollo/client/react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { PasswordLoginForm, type LoginOutcome } from '../../../components/forms/PasswordLoginForm';
import { useRefreshViewer } from '../../../components/forms/useRefreshViewer';
import { Page } from '../../../components/layout/Page';
import { graphql } from '../../../graphql/generated';
import { sanitizeReturnPath } from '../../../lib/returnPath';
import { urls } from '../../../lib/urls';
import { hasPermission, useViewer, type Viewer } from '../../../lib/viewer';

const LoginStaffDocument = graphql(`
  mutation LoginStaff($email: String!, $password: String!) {
    loginStaff(email: $email, password: $password) {
      viewer {
        kind
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** Where a staff member goes after logging in: `terug`, else the dashboard when permitted. */
function staffHome(viewer: Viewer | undefined, terug: string | null): string {
  if (terug) return terug;
  return hasPermission(viewer, 'DASHBOARD_VIEW') ? urls.admin.dashboard() : urls.admin.account();
}

/** Log-in for municipal staff (the admin area). */
export default function StaffLoginScreen() {
  const [searchParams] = useSearchParams();
  const terug = sanitizeReturnPath(searchParams.get('terug'));
  const { viewer } = useViewer();
  const navigate = useNavigate();
  const refreshViewer = useRefreshViewer();
  const [loginStaff] = useMutation(LoginStaffDocument);

  if (viewer?.kind === 'STAFF') return <Navigate replace to={staffHome(viewer, terug)} />;

  async function login(email: string, password: string): Promise<LoginOutcome> {
    const { data } = await loginStaff({ variables: { email, password } });
    const payload = data?.loginStaff;
    if (payload && payload.errors.length === 0 && payload.viewer) return { ok: true };
    return { ok: false, errors: payload?.errors ?? [] };
  }

  async function afterLogin() {
    const fresh = await refreshViewer();
    await navigate(staffHome(fresh, terug), { replace: true });
  }

  return (
    <Page title="Inloggen beheeromgeving" lead="Voor medewerkers van de gemeente.">
      <PasswordLoginForm onLogin={login} onSuccess={afterLogin} />
      <ul className="gw-prose">
        <li>
          <Link to={urls.admin.forgotPassword()}>Wachtwoord vergeten?</Link>
        </li>
        <li>
          Bent u inwoner? <Link to={urls.login()}>Log in met DigiD</Link>.
        </li>
      </ul>
    </Page>
  );
}
